import { HttpResponse } from 'msw';
import type { problemExamples } from '../../generated/examples';
import { schemaExamples } from '../../generated/examples';
import type { components } from '../../generated/schema';
import { http, never, problem, rateLimited } from '../http';

type Passkey = components['schemas']['Passkey'];
type AuthenticatorApp = components['schemas']['AuthenticatorApp'];
type AuthenticatorSetup = components['schemas']['AuthenticatorSetup'];

const passkeys = '/api/applicant/passkeys';
const passkeyOptions = '/api/applicant/passkeys/options';
const passkey = '/api/applicant/passkeys/{passkeyId}';
const confirmation = '/api/applicant/sessions/current/confirmation';
const app = '/api/applicant/authenticator-app';
const setup = '/api/applicant/authenticator-app/setup';
const recoveryCodes = '/api/applicant/recovery-codes';

/** Two passkeys: a synced one on a phone, used yesterday, and a laptop's that was never used. */
export const examplePasskeys: Passkey[] = [
  {
    id: '12',
    name: 'Pixel 9 (Chrome)',
    createdAt: '2026-11-21T08:30:00.000Z',
    lastUsedAt: '2026-11-22T01:10:00.000Z',
    synced: true,
  },
  {
    id: '7',
    name: 'Firefox on Windows',
    createdAt: '2026-10-02T05:00:00.000Z',
    lastUsedAt: null,
    synced: false,
  },
];

/** The contract's example set-up: the key e2e would type, and its otpauth URI. */
export const exampleSetup = schemaExamples.AuthenticatorSetup as AuthenticatorSetup;
/** The contract's example recovery codes. */
export const exampleRecoveryCodes = schemaExamples.RecoveryCodes.recoveryCodes as string[];
/** The code the mock accepts when the app is turned on; any other six digits are `wrong_code`. */
export const MOCK_TOTP_CODE = '492039';
/** The password the mock accepts when the applicant confirms it is them. */
export const MOCK_PASSWORD = 'Passw0rd2026';

/** A problem of the contract's status with another of its codes (the examples hold one per status). */
const withCode = <Id extends keyof typeof problemExamples>(
  operationId: Id,
  status: keyof (typeof problemExamples)[Id] & string,
  code: string,
  title: string,
) => problem(operationId, status, {}, { code, title });

type SensitiveAppChange =
  'startAuthenticatorAppSetup' | 'enableAuthenticatorApp' | 'disableAuthenticatorApp' | 'renewRecoveryCodes';

/**
 * The recent sign-in of one session (docs/security.md#recent-sign-in): whether it is confirmed, and the
 * confirmation's answer. With `twoStep` (the app on), the password alone is refused with `code_required` and
 * the password with {@link MOCK_TOTP_CODE} confirms (issue 39, item 3); any password but
 * {@link MOCK_PASSWORD} is `wrong_password`, any other code `wrong_code`.
 */
export function recentSignIn(initial: { confirmed?: boolean; twoStep?: boolean } = {}) {
  let confirmed = initial.confirmed ?? true;
  const handler = http.post(confirmation, async ({ request }) => {
    const body = await request.json();
    if ('password' in body) {
      if (initial.twoStep && !('code' in body) && !('recoveryCode' in body))
        return withCode(
          'confirmSignIn',
          '403',
          'code_required',
          'Enter a code from your authenticator app too.',
        );
      if (body.password !== MOCK_PASSWORD) return problem('confirmSignIn', '403');
      if (initial.twoStep && !('code' in body && body.code === MOCK_TOTP_CODE))
        return withCode('confirmSignIn', '403', 'wrong_code', 'The code is not correct.');
    }
    confirmed = true;
    return HttpResponse.json(schemaExamples.CurrentSession);
  });
  return { handler, isConfirmed: () => confirmed };
}

export interface SecurityState {
  passkeys?: Passkey[];
  app?: AuthenticatorApp;
  /** Whether the session's sign-in is recent; without it, every sensitive change asks to confirm first. */
  confirmed?: boolean;
  /** The confirmation asks for the app's code with the password (the app on: issue 39, item 3). */
  twoStepConfirmation?: boolean;
  /** The operator requires a second factor: the last one cannot be removed (409 last_second_factor). */
  secondFactorRequired?: boolean;
}

/**
 * The sign-in and security resources of one account, kept in memory as the provider keeps them
 * (docs/security.md#passkeys, #second-factor, #recent-sign-in): the passkeys, the app's state, the
 * set-up under way and whether the sign-in is recent. Each call makes a fresh store, so stories do not
 * share their state. Adding a passkey verifies nothing: the browser's part is the authenticator's.
 */
export function securityStore(initial: SecurityState = {}) {
  let list = [...(initial.passkeys ?? [])];
  let appState: AuthenticatorApp = initial.app ?? { on: false, recoveryCodesLeft: 0 };
  const signIn = recentSignIn({
    confirmed: initial.confirmed ?? true,
    twoStep: initial.twoStepConfirmation ?? false,
  });
  let setupUnderWay = false;
  let nextId = 100;
  const secondFactors = () => list.length + (appState.on ? 1 : 0);
  const isLastFactor = () => initial.secondFactorRequired === true && secondFactors() <= 1;
  const confirmationRequired = (
    operationId: 'startAddingPasskey' | 'addPasskey' | 'removePasskey' | SensitiveAppChange,
  ) => withCode(operationId, '403', 'confirmation_required', 'Confirm it is you.');

  return [
    http.get(passkeys, () => HttpResponse.json({ passkeys: list })),
    http.post(passkeyOptions, () => {
      if (!signIn.isConfirmed()) return confirmationRequired('startAddingPasskey');
      return HttpResponse.json({
        ...(schemaExamples.PasskeyCreationOptions as components['schemas']['PasskeyCreationOptions']),
        excludeCredentials: list.map(({ id }) => ({ id: `cred-${id}`, type: 'public-key' as const })),
      });
    }),
    http.post(passkeys, async ({ request }) => {
      if (!signIn.isConfirmed()) return confirmationRequired('addPasskey');
      const { name } = await request.json();
      const added: Passkey = {
        id: String(nextId++),
        name: name.trim(),
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
        synced: true,
      };
      list = [added, ...list];
      return HttpResponse.json(added, { status: 201 });
    }),
    http.patch(passkey, async ({ params, request }) => {
      const found = list.find(({ id }) => id === params.passkeyId);
      if (!found) return problem('renamePasskey', '404');
      const { name } = await request.json();
      const renamed = { ...found, name: name.trim() };
      list = list.map((item) => (item.id === found.id ? renamed : item));
      return HttpResponse.json(renamed);
    }),
    http.delete(passkey, ({ params }) => {
      if (!signIn.isConfirmed()) return confirmationRequired('removePasskey');
      if (!list.some(({ id }) => id === params.passkeyId)) return problem('removePasskey', '404');
      if (isLastFactor()) return problem('removePasskey', '409');
      list = list.filter(({ id }) => id !== params.passkeyId);
      return new HttpResponse(null, { status: 204 });
    }),
    signIn.handler,
    http.get(app, () => HttpResponse.json(appState)),
    http.post(setup, () => {
      if (!signIn.isConfirmed()) return confirmationRequired('startAuthenticatorAppSetup');
      if (appState.on) return withCode('startAuthenticatorAppSetup', '409', 'already_on', 'Already on.');
      setupUnderWay = true;
      return HttpResponse.json(exampleSetup);
    }),
    http.put(app, async ({ request }) => {
      if (!signIn.isConfirmed()) return confirmationRequired('enableAuthenticatorApp');
      if (!setupUnderWay) return problem('enableAuthenticatorApp', '409');
      const { code } = await request.json();
      if (code !== MOCK_TOTP_CODE) return problem('enableAuthenticatorApp', '403');
      setupUnderWay = false;
      appState = { on: true, onSince: new Date().toISOString(), recoveryCodesLeft: 10 };
      return HttpResponse.json({ recoveryCodes: exampleRecoveryCodes });
    }),
    http.delete(app, () => {
      if (!signIn.isConfirmed()) return confirmationRequired('disableAuthenticatorApp');
      if (!appState.on) return problem('disableAuthenticatorApp', '409');
      if (isLastFactor())
        return withCode('disableAuthenticatorApp', '409', 'last_second_factor', 'Your last second factor.');
      appState = { on: false, recoveryCodesLeft: 0 };
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(recoveryCodes, () => {
      if (!signIn.isConfirmed()) return confirmationRequired('renewRecoveryCodes');
      if (!appState.on) return problem('renewRecoveryCodes', '409');
      appState = { ...appState, recoveryCodesLeft: 10 };
      return HttpResponse.json({ recoveryCodes: exampleRecoveryCodes });
    }),
  ] as const;
}

/** Single answers, put before a store to override one call (`[securityHandlers.x, ...securityStore()]`). */
export const securityHandlers = {
  listEmpty: http.get(passkeys, () => HttpResponse.json({ passkeys: [] })),
  listExample: http.get(passkeys, () => HttpResponse.json({ passkeys: examplePasskeys })),
  listNoSession: http.get(passkeys, () => problem('listPasskeys', '404')),
  listFails: http.get(passkeys, () => problem('listPasskeys', '500')),
  listPending: http.get(passkeys, never),
  addingPasskeyConfirmationRequired: http.post(passkeyOptions, () => problem('startAddingPasskey', '403')),
  addingPasskeyFails: http.post(passkeyOptions, () => problem('startAddingPasskey', '500')),
  addPasskeyRefused: http.post(passkeys, () => problem('addPasskey', '403')),
  renameNotFound: http.patch(passkey, () => problem('renamePasskey', '404')),
  removeLastSecondFactor: http.delete(passkey, () => problem('removePasskey', '409')),
  removeConfirmationRequired: http.delete(passkey, () => problem('removePasskey', '403')),
  confirmWrongPassword: http.post(confirmation, () => problem('confirmSignIn', '403')),
  confirmRateLimited: http.post(confirmation, () => rateLimited('confirmSignIn')),
  appOff: http.get(app, () => HttpResponse.json({ on: false, recoveryCodesLeft: 0 })),
  appOn: http.get(app, () => HttpResponse.json(schemaExamples.AuthenticatorApp)),
  appFails: http.get(app, () => problem('getAuthenticatorApp', '500')),
  enableWrongCode: http.put(app, () => problem('enableAuthenticatorApp', '403')),
  enableRateLimited: http.put(app, () => rateLimited('enableAuthenticatorApp')),
  disableNotOn: http.delete(app, () => problem('disableAuthenticatorApp', '409')),
  renewFails: http.post(recoveryCodes, () => problem('renewRecoveryCodes', '500')),
  renewPending: http.post(recoveryCodes, never),
};
