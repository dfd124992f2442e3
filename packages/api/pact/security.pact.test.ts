// Sign-in and security for a signed-in applicant (docs/behaviour.md#routes /sign-in-and-security): passkeys, the
// confirmation before a sensitive change, the authenticator app and its recovery codes (docs/security.md#passkeys,
// #recent-sign-in, #second-factor; docs/behaviour.md#error-catalogue passkey, confirmation and app rows).
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect } from 'vitest';
import {
  type Answer,
  createPact,
  dateTime,
  EMAIL,
  expectFailure,
  interactionTest,
  int,
  jsonResponse,
  noSession,
  PASSWORD,
  problem,
  states,
} from './support/pact';

const { atLeastLike, boolean, eachLike, fromProviderState, like, regex } = MatchersV3;
const pact = createPact();

/** The provider states of issue 28 (apps/api/src/providerStates/states.ts); each returns `cookie`. */
const given = {
  /** Signed in just now: sensitive changes need no confirmation. */
  confirmed: 'the applicant is signed in and confirmed',
  /** Signed in longer ago than CONFIRMATION_WINDOW_SECONDS. */
  notConfirmed: 'the applicant is signed in, not confirmed recently',
  /** Signed in and confirmed, with one passkey that has never been used; returns `passkeyId` too. */
  hasPasskey: 'the applicant has a passkey',
  /** A challenge bound to the session and a valid attestation for it: `id`, `rawId`, `clientDataJSON`, `attestationObject`. */
  addingPasskey: 'adding a passkey is under way',
  /** Returns `code`, valid now for the pending secret. */
  appSetUp: 'the authenticator app is being set up',
  /** Signed in and confirmed; the app on with 10 recovery codes. */
  appOn: 'the authenticator app is on',
  /** REQUIRE_SECOND_FACTOR is on and the account has no second factor yet. */
  secondFactorRequired: 'a second factor is required and the account has none',
} as const;

const passkeys = '/api/applicant/passkeys';
const passkeyOptions = '/api/applicant/passkeys/options';
const confirmation = '/api/applicant/sessions/current/confirmation';
const app = '/api/applicant/authenticator-app';
const setup = '/api/applicant/authenticator-app/setup';
const recoveryCodes = '/api/applicant/recovery-codes';

const EXAMPLE_PASSKEY_ID = '12';
const UNKNOWN_PASSKEY_ID = '999999999';
/** The path of the passkey the provider state made. */
const passkeyPath = fromProviderState(`${passkeys}/\${passkeyId}`, `${passkeys}/${EXAMPLE_PASSKEY_ID}`);

const base64url = (example: string) => regex('^[A-Za-z0-9_-]+$', example);
const EXAMPLE_CREATED_AT = '2026-11-21T08:30:00.000Z';
const EXAMPLE_CONFIRMED_UNTIL = '2026-11-21T08:10:00.000Z';
const EXAMPLE_CODE = '492039';

/**
 * A problem whose `code` the screens switch on (`confirmation_required`, `wrong_code`, …): status and code are
 * pinned, type and title matched by type.
 */
function refused(status: number, type: string, title: string, code: string): Answer {
  return {
    status,
    build: (builder) => {
      builder
        .headers({ 'Content-Type': regex('^application/problem\\+json(;.*)?$', 'application/problem+json') })
        .jsonBody({ type: like(`urn:pre-admission:problem:${type}`), title: like(title), status, code });
    },
  };
}
const confirmationRequired = refused(
  403,
  'confirmation-required',
  'Confirm it is you.',
  'confirmation_required',
);
const invalid = problem(400, 'validation', 'Some fields are invalid.');
const conflict = (code: string, title: string) => refused(409, 'conflict', title, code);

/** A passkey as the screens list it; a new one has never been used. */
const passkeyBody = (name: string) => ({
  id: regex('^[0-9]{1,18}$', EXAMPLE_PASSKEY_ID),
  name: like(name),
  createdAt: dateTime(EXAMPLE_CREATED_AT),
  lastUsedAt: null,
  synced: boolean(true),
});
const json = (status: number, body: unknown): Answer => ({
  status,
  build: (builder) => {
    builder.headers(jsonResponse).jsonBody(body);
  },
});

/** The attestation the provider state made for its challenge, as @simplewebauthn/browser hands it over. */
const attestation = {
  id: fromProviderState('${id}', 'Y3JlZC0x'),
  rawId: fromProviderState('${rawId}', 'Y3JlZC0x'),
  type: 'public-key',
  clientExtensionResults: {},
  response: {
    clientDataJSON: fromProviderState('${clientDataJSON}', 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0'),
    attestationObject: fromProviderState('${attestationObject}', 'o2NmbXRkbm9uZQ'),
  },
};
/** The example values the adapter sends in the consumer test (the provider's own replace them). */
const exampleCredential = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key' as const,
  clientExtensionResults: {},
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0', attestationObject: 'o2NmbXRkbm9uZQ' },
};
const NAME = 'Pixel 9 (Chrome)';
/** Fits the schema's length, but surrounding spaces are dropped: the server refuses what is left, nothing. */
const BLANK = '   ';

describe('passkeys', () => {
  interactionTest(pact, 'lists the passkeys: 200 with each one’s name, dates and whether it is synced', {
    given: [given.hasPasskey],
    uponReceiving: 'a GET of the passkeys of an applicant who has one',
    request: { method: 'GET', path: passkeys, signedIn: true },
    response: json(200, { passkeys: eachLike(passkeyBody(NAME)) }),
    test: async (api) => {
      const outcome = await api.listPasskeys();
      expect(outcome).toEqual({
        ok: true,
        data: [
          { id: '12', name: NAME, createdAt: new Date(EXAMPLE_CREATED_AT), lastUsedAt: null, synced: true },
        ],
      });
    },
  });

  interactionTest(pact, 'lists the passkeys without a valid session: 404 sends the applicant back to /', {
    given: [states.sessionRevoked],
    uponReceiving: 'a GET of the passkeys with the cookie of a revoked session',
    request: { method: 'GET', path: passkeys, signedIn: true },
    response: noSession(404),
    test: async (api) => {
      expectFailure(await api.listPasskeys(), { failure: 'noSession', status: 404 });
    },
  });

  interactionTest(pact, 'starts adding a passkey: 200 with the creation options', {
    given: [given.confirmed],
    uponReceiving: 'a POST for the options of a new passkey after a recent sign-in',
    request: { method: 'POST', path: passkeyOptions, signedIn: true },
    response: json(200, {
      challenge: base64url('mVbMx0RVcUq2_fVNqBhTzA'),
      rp: { name: like('Pre-admission Support'), id: like('localhost') },
      user: { id: base64url('3q2-7w'), name: like(EMAIL), displayName: like(EMAIL) },
      pubKeyCredParams: eachLike({ type: 'public-key', alg: int(-7) }),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    }),
    test: async (api) => {
      const outcome = await api.startAddingPasskey();
      expect(outcome).toMatchObject({
        ok: true,
        data: {
          challenge: 'mVbMx0RVcUq2_fVNqBhTzA',
          authenticatorSelection: { userVerification: 'required' },
        },
      });
    },
  });

  interactionTest(pact, 'starts adding a passkey long after signing in: 403 confirmation_required', {
    given: [given.notConfirmed],
    uponReceiving: 'a POST for the options of a new passkey when the sign-in is not recent',
    request: { method: 'POST', path: passkeyOptions, signedIn: true },
    response: confirmationRequired,
    test: async (api) => {
      expectFailure(await api.startAddingPasskey(), { failure: 'confirmationRequired', status: 403 });
    },
  });

  interactionTest(pact, 'starts adding a passkey without a valid session: 404', {
    given: [states.sessionRevoked],
    uponReceiving: 'a POST for the options of a new passkey with the cookie of a revoked session',
    request: { method: 'POST', path: passkeyOptions, signedIn: true },
    response: noSession(404),
    test: async (api) => {
      expectFailure(await api.startAddingPasskey(), { failure: 'noSession', status: 404 });
    },
  });

  interactionTest(pact, 'adds a passkey: 201 with the new passkey under its name', {
    given: [given.addingPasskey],
    uponReceiving: 'a POST of a new passkey with a valid attestation for the session’s challenge',
    request: {
      method: 'POST',
      path: passkeys,
      body: { name: NAME, credential: attestation },
      signedIn: true,
    },
    response: json(201, passkeyBody(NAME)),
    test: async (api) => {
      const outcome = await api.addPasskey({ name: NAME, credential: exampleCredential });
      expect(outcome).toMatchObject({ ok: true, data: { name: NAME, lastUsedAt: null, synced: true } });
    },
  });

  interactionTest(pact, 'adds a passkey with a name of spaces only: 400 is the name’s message', {
    given: [given.confirmed],
    uponReceiving: 'a POST of a new passkey whose name is spaces only',
    request: {
      method: 'POST',
      path: passkeys,
      body: { name: BLANK, credential: exampleCredential },
      signedIn: true,
    },
    response: invalid,
    test: async (api) => {
      expectFailure(await api.addPasskey({ name: BLANK, credential: exampleCredential }), {
        failure: 'invalidName',
        status: 400,
      });
    },
  });

  interactionTest(pact, 'adds a passkey long after signing in: 403 confirmation_required', {
    given: [given.notConfirmed],
    uponReceiving: 'a POST of a new passkey when the sign-in is not recent',
    request: {
      method: 'POST',
      path: passkeys,
      body: { name: NAME, credential: exampleCredential },
      signedIn: true,
    },
    response: confirmationRequired,
    test: async (api) => {
      expectFailure(await api.addPasskey({ name: NAME, credential: exampleCredential }), {
        failure: 'confirmationRequired',
        status: 403,
      });
    },
  });

  interactionTest(pact, 'adds a passkey with no challenge under way: 403 passkey_refused', {
    given: [given.confirmed],
    uponReceiving: 'a POST of a new passkey when the session asked for no challenge',
    request: {
      method: 'POST',
      path: passkeys,
      body: { name: NAME, credential: exampleCredential },
      signedIn: true,
    },
    response: refused(403, 'passkey-refused', 'The passkey was not accepted.', 'passkey_refused'),
    test: async (api) => {
      expectFailure(await api.addPasskey({ name: NAME, credential: exampleCredential }), {
        failure: 'passkeyRefused',
        status: 403,
      });
    },
  });

  interactionTest(pact, 'adds a passkey without a valid session: 404', {
    given: [states.sessionRevoked],
    uponReceiving: 'a POST of a new passkey with the cookie of a revoked session',
    request: {
      method: 'POST',
      path: passkeys,
      body: { name: NAME, credential: exampleCredential },
      signedIn: true,
    },
    response: noSession(404),
    test: async (api) => {
      expectFailure(await api.addPasskey({ name: NAME, credential: exampleCredential }), {
        failure: 'noSession',
        status: 404,
      });
    },
  });

  interactionTest(pact, 'renames a passkey: 200 with its new name', {
    given: [given.hasPasskey],
    uponReceiving: 'a PATCH of a passkey’s name',
    request: { method: 'PATCH', path: passkeyPath, body: { name: 'Laptop' }, signedIn: true },
    response: json(200, passkeyBody('Laptop')),
    test: async (api) => {
      expect(await api.renamePasskey(EXAMPLE_PASSKEY_ID, 'Laptop')).toMatchObject({
        ok: true,
        data: { id: EXAMPLE_PASSKEY_ID, name: 'Laptop' },
      });
    },
  });

  interactionTest(pact, 'renames a passkey to spaces only: 400 is the name’s message', {
    given: [given.hasPasskey],
    uponReceiving: 'a PATCH of a passkey’s name to spaces only',
    request: { method: 'PATCH', path: passkeyPath, body: { name: BLANK }, signedIn: true },
    response: invalid,
    test: async (api) => {
      expectFailure(await api.renamePasskey(EXAMPLE_PASSKEY_ID, BLANK), {
        failure: 'invalidName',
        status: 400,
      });
    },
  });

  interactionTest(pact, 'renames a passkey the account does not have: 404 passkey_not_found', {
    given: [given.confirmed],
    uponReceiving: 'a PATCH of the name of a passkey the account does not have',
    request: {
      method: 'PATCH',
      path: `${passkeys}/${UNKNOWN_PASSKEY_ID}`,
      body: { name: 'Laptop' },
      signedIn: true,
    },
    response: refused(404, 'not-found', 'The passkey was not found.', 'passkey_not_found'),
    test: async (api) => {
      expectFailure(await api.renamePasskey(UNKNOWN_PASSKEY_ID, 'Laptop'), {
        failure: 'passkeyNotFound',
        status: 404,
      });
    },
  });

  interactionTest(pact, 'renames a passkey without a valid session: 404 sends the applicant back to /', {
    given: [states.sessionRevoked],
    uponReceiving: 'a PATCH of a passkey’s name with the cookie of a revoked session',
    request: {
      method: 'PATCH',
      path: `${passkeys}/${EXAMPLE_PASSKEY_ID}`,
      body: { name: 'Laptop' },
      signedIn: true,
    },
    response: noSession(404),
    test: async (api) => {
      expectFailure(await api.renamePasskey(EXAMPLE_PASSKEY_ID, 'Laptop'), {
        failure: 'noSession',
        status: 404,
      });
    },
  });

  interactionTest(pact, 'removes a passkey: 204', {
    given: [given.hasPasskey],
    uponReceiving: 'a DELETE of a passkey after a recent sign-in',
    request: { method: 'DELETE', path: passkeyPath, signedIn: true },
    response: { status: 204 },
    test: async (api) => {
      expect(await api.removePasskey(EXAMPLE_PASSKEY_ID)).toEqual({ ok: true, data: undefined });
    },
  });

  // The confirmation is checked before the passkey is looked up: the path's id is never read.
  interactionTest(pact, 'removes a passkey long after signing in: 403 confirmation_required', {
    given: [given.notConfirmed],
    uponReceiving: 'a DELETE of a passkey when the sign-in is not recent',
    request: { method: 'DELETE', path: `${passkeys}/${EXAMPLE_PASSKEY_ID}`, signedIn: true },
    response: confirmationRequired,
    test: async (api) => {
      expectFailure(await api.removePasskey(EXAMPLE_PASSKEY_ID), {
        failure: 'confirmationRequired',
        status: 403,
      });
    },
  });

  interactionTest(pact, 'removes a passkey the account does not have: 404 passkey_not_found', {
    given: [given.confirmed],
    uponReceiving: 'a DELETE of a passkey the account does not have',
    request: { method: 'DELETE', path: `${passkeys}/${UNKNOWN_PASSKEY_ID}`, signedIn: true },
    response: refused(404, 'not-found', 'The passkey was not found.', 'passkey_not_found'),
    test: async (api) => {
      expectFailure(await api.removePasskey(UNKNOWN_PASSKEY_ID), { failure: 'passkeyNotFound', status: 404 });
    },
  });

  interactionTest(pact, 'removes the last second factor where one is required: 409 last_second_factor', {
    given: [given.secondFactorRequired, given.hasPasskey],
    uponReceiving: 'a DELETE of the only passkey when a second factor is required',
    request: { method: 'DELETE', path: passkeyPath, signedIn: true },
    response: conflict('last_second_factor', 'This is your last second factor.'),
    test: async (api) => {
      expectFailure(await api.removePasskey(EXAMPLE_PASSKEY_ID), {
        failure: 'lastSecondFactor',
        status: 409,
      });
    },
  });
});

describe('confirming it is you', () => {
  interactionTest(pact, 'confirms with the password: 200 with the session’s new confirmedUntil', {
    given: [given.notConfirmed],
    uponReceiving: 'a POST to confirm the sign-in with the right password',
    request: { method: 'POST', path: confirmation, body: { password: PASSWORD }, signedIn: true },
    response: json(200, {
      email: like(EMAIL),
      expiresAt: dateTime('2026-11-21T08:30:00.000Z'),
      absoluteExpiresAt: dateTime('2026-11-21T20:00:00.000Z'),
      expiresInSeconds: int(1800),
      idleTimeoutSeconds: int(1800),
      warningSeconds: int(120),
      confirmedUntil: dateTime(EXAMPLE_CONFIRMED_UNTIL),
      secondFactorRequired: boolean(false),
    }),
    test: async (api) => {
      expect(await api.confirmSignIn({ password: PASSWORD })).toMatchObject({
        ok: true,
        data: { email: EMAIL, confirmedUntil: EXAMPLE_CONFIRMED_UNTIL },
      });
    },
  });

  interactionTest(pact, 'confirms with a wrong password: 403 wrong_password on the password', {
    given: [given.notConfirmed],
    uponReceiving: 'a POST to confirm the sign-in with a wrong password',
    request: { method: 'POST', path: confirmation, body: { password: 'Wr0ngPassword' }, signedIn: true },
    response: refused(403, 'wrong-password', 'The password is incorrect.', 'wrong_password'),
    test: async (api) => {
      expectFailure(await api.confirmSignIn({ password: 'Wr0ngPassword' }), {
        failure: 'wrongPassword',
        status: 403,
      });
    },
  });

  interactionTest(
    pact,
    'confirms with the password alone when the app is on: 403 code_required, the code field',
    {
      given: [given.appOn],
      uponReceiving: 'a POST to confirm the sign-in with the password alone for an account with the app on',
      request: { method: 'POST', path: confirmation, body: { password: PASSWORD }, signedIn: true },
      response: refused(
        403,
        'code-required',
        'Enter a code from your authenticator app too.',
        'code_required',
      ),
      test: async (api) => {
        expectFailure(await api.confirmSignIn({ password: PASSWORD }), {
          failure: 'codeRequired',
          status: 403,
        });
      },
    },
  );

  interactionTest(pact, 'confirms with the password and a code of the app: 200', {
    given: [given.appOn],
    uponReceiving: 'a POST to confirm the sign-in with the password and a code valid now',
    request: {
      method: 'POST',
      path: confirmation,
      body: { password: PASSWORD, code: fromProviderState('${code}', EXAMPLE_CODE) },
      signedIn: true,
    },
    response: json(200, {
      email: like(EMAIL),
      expiresAt: dateTime('2026-11-21T08:30:00.000Z'),
      absoluteExpiresAt: dateTime('2026-11-21T20:00:00.000Z'),
      expiresInSeconds: int(1800),
      idleTimeoutSeconds: int(1800),
      warningSeconds: int(120),
      confirmedUntil: dateTime(EXAMPLE_CONFIRMED_UNTIL),
      secondFactorRequired: boolean(false),
    }),
    test: async (api) => {
      expect(await api.confirmSignIn({ password: PASSWORD, code: EXAMPLE_CODE })).toMatchObject({ ok: true });
    },
  });

  interactionTest(pact, 'confirms without a valid session: 404 sends the applicant back to /', {
    given: [states.sessionRevoked],
    uponReceiving: 'a POST to confirm the sign-in with the cookie of a revoked session',
    request: { method: 'POST', path: confirmation, body: { password: PASSWORD }, signedIn: true },
    response: noSession(404),
    test: async (api) => {
      expectFailure(await api.confirmSignIn({ password: PASSWORD }), { failure: 'noSession', status: 404 });
    },
  });
});

const recoveryCodesBody = {
  recoveryCodes: atLeastLike(regex('^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$', '7fkq-2m9x-hd4p'), 10),
};

describe('the authenticator app', () => {
  interactionTest(pact, 'reads the app’s state: 200 with whether it is on and the codes left', {
    given: [given.appOn],
    uponReceiving: 'a GET of the authenticator app when it is on',
    request: { method: 'GET', path: app, signedIn: true },
    response: json(200, { on: true, onSince: dateTime(EXAMPLE_CREATED_AT), recoveryCodesLeft: int(10) }),
    test: async (api) => {
      expect(await api.getAuthenticatorApp()).toEqual({
        ok: true,
        data: { on: true, onSince: new Date(EXAMPLE_CREATED_AT), recoveryCodesLeft: 10 },
      });
    },
  });

  interactionTest(pact, 'reads the app’s state without a valid session: 404', {
    given: [states.sessionRevoked],
    uponReceiving: 'a GET of the authenticator app with the cookie of a revoked session',
    request: { method: 'GET', path: app, signedIn: true },
    response: noSession(404),
    test: async (api) => {
      expectFailure(await api.getAuthenticatorApp(), { failure: 'noSession', status: 404 });
    },
  });

  interactionTest(pact, 'starts setting the app up: 200 with the Base32 key and the otpauth URI', {
    given: [given.confirmed],
    uponReceiving: 'a POST to start setting up the authenticator app after a recent sign-in',
    request: { method: 'POST', path: setup, signedIn: true },
    response: json(200, {
      key: regex('^[A-Z2-7]{32}$', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'),
      uri: regex(
        '^otpauth://totp/.+secret=[A-Z2-7]{32}.*$',
        'otpauth://totp/Pre-admission%20Support:applicant%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Pre-admission%20Support&algorithm=SHA1&digits=6&period=30',
      ),
    }),
    test: async (api) => {
      expect(await api.startAuthenticatorAppSetup()).toMatchObject({
        ok: true,
        data: { key: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' },
      });
    },
  });

  interactionTest(pact, 'starts setting the app up long after signing in: 403 confirmation_required', {
    given: [given.notConfirmed],
    uponReceiving: 'a POST to start setting up the authenticator app when the sign-in is not recent',
    request: { method: 'POST', path: setup, signedIn: true },
    response: confirmationRequired,
    test: async (api) => {
      expectFailure(await api.startAuthenticatorAppSetup(), { failure: 'confirmationRequired', status: 403 });
    },
  });

  interactionTest(pact, 'starts setting the app up without a valid session: 404', {
    given: [states.sessionRevoked],
    uponReceiving: 'a POST to start setting up the authenticator app with the cookie of a revoked session',
    request: { method: 'POST', path: setup, signedIn: true },
    response: noSession(404),
    test: async (api) => {
      expectFailure(await api.startAuthenticatorAppSetup(), { failure: 'noSession', status: 404 });
    },
  });

  interactionTest(pact, 'starts setting the app up when it is on: 409 already_on', {
    given: [given.appOn],
    uponReceiving: 'a POST to start setting up the authenticator app when it is on',
    request: { method: 'POST', path: setup, signedIn: true },
    response: conflict('already_on', 'The authenticator app is already on.'),
    test: async (api) => {
      expectFailure(await api.startAuthenticatorAppSetup(), { failure: 'alreadyOn', status: 409 });
    },
  });

  interactionTest(pact, 'turns the app on with a right code: 200 with ten recovery codes', {
    given: [given.appSetUp],
    uponReceiving: 'a PUT of the authenticator app with a code valid now',
    request: {
      method: 'PUT',
      path: app,
      body: { code: fromProviderState('${code}', EXAMPLE_CODE) },
      signedIn: true,
    },
    response: json(200, recoveryCodesBody),
    test: async (api) => {
      const outcome = await api.enableAuthenticatorApp(EXAMPLE_CODE);
      expect(outcome.ok && outcome.data).toHaveLength(10);
    },
  });

  // 000000 is the right code for one pending secret in a million per time step: the state's secret is random.
  interactionTest(pact, 'turns the app on with a wrong code: 403 wrong_code on the code', {
    given: [given.appSetUp],
    uponReceiving: 'a PUT of the authenticator app with a wrong code',
    request: { method: 'PUT', path: app, body: { code: '000000' }, signedIn: true },
    response: refused(403, 'wrong-code', 'The code is not correct.', 'wrong_code'),
    test: async (api) => {
      expectFailure(await api.enableAuthenticatorApp('000000'), { failure: 'wrongCode', status: 403 });
    },
  });

  interactionTest(pact, 'turns the app on long after signing in: 403 confirmation_required', {
    given: [given.notConfirmed],
    uponReceiving: 'a PUT of the authenticator app when the sign-in is not recent',
    request: { method: 'PUT', path: app, body: { code: EXAMPLE_CODE }, signedIn: true },
    response: confirmationRequired,
    test: async (api) => {
      expectFailure(await api.enableAuthenticatorApp(EXAMPLE_CODE), {
        failure: 'confirmationRequired',
        status: 403,
      });
    },
  });

  interactionTest(pact, 'turns the app on without a valid session: 404', {
    given: [states.sessionRevoked],
    uponReceiving: 'a PUT of the authenticator app with the cookie of a revoked session',
    request: { method: 'PUT', path: app, body: { code: EXAMPLE_CODE }, signedIn: true },
    response: noSession(404),
    test: async (api) => {
      expectFailure(await api.enableAuthenticatorApp(EXAMPLE_CODE), { failure: 'noSession', status: 404 });
    },
  });

  interactionTest(pact, 'turns the app on with no set-up under way: 409 no_setup', {
    given: [given.confirmed],
    uponReceiving: 'a PUT of the authenticator app with no set-up under way',
    request: { method: 'PUT', path: app, body: { code: EXAMPLE_CODE }, signedIn: true },
    response: conflict('no_setup', 'Start setting up the app again.'),
    test: async (api) => {
      expectFailure(await api.enableAuthenticatorApp(EXAMPLE_CODE), { failure: 'noSetup', status: 409 });
    },
  });

  interactionTest(pact, 'turns the app off: 204', {
    given: [given.appOn],
    uponReceiving: 'a DELETE of the authenticator app after a recent sign-in',
    request: { method: 'DELETE', path: app, signedIn: true },
    response: { status: 204 },
    test: async (api) => {
      expect(await api.disableAuthenticatorApp()).toEqual({ ok: true, data: undefined });
    },
  });

  interactionTest(pact, 'turns the app off long after signing in: 403 confirmation_required', {
    given: [given.notConfirmed],
    uponReceiving: 'a DELETE of the authenticator app when the sign-in is not recent',
    request: { method: 'DELETE', path: app, signedIn: true },
    response: confirmationRequired,
    test: async (api) => {
      expectFailure(await api.disableAuthenticatorApp(), { failure: 'confirmationRequired', status: 403 });
    },
  });

  interactionTest(pact, 'turns the app off without a valid session: 404', {
    given: [states.sessionRevoked],
    uponReceiving: 'a DELETE of the authenticator app with the cookie of a revoked session',
    request: { method: 'DELETE', path: app, signedIn: true },
    response: noSession(404),
    test: async (api) => {
      expectFailure(await api.disableAuthenticatorApp(), { failure: 'noSession', status: 404 });
    },
  });

  interactionTest(pact, 'turns the app off when it is not on: 409 not_on', {
    given: [given.confirmed],
    uponReceiving: 'a DELETE of the authenticator app when it is not on',
    request: { method: 'DELETE', path: app, signedIn: true },
    response: conflict('not_on', 'The authenticator app is not on.'),
    test: async (api) => {
      expectFailure(await api.disableAuthenticatorApp(), { failure: 'notOn', status: 409 });
    },
  });

  interactionTest(pact, 'renews the recovery codes: 200 with ten new ones', {
    given: [given.appOn],
    uponReceiving: 'a POST for new recovery codes after a recent sign-in',
    request: { method: 'POST', path: recoveryCodes, signedIn: true },
    response: json(200, recoveryCodesBody),
    test: async (api) => {
      const outcome = await api.renewRecoveryCodes();
      expect(outcome.ok && outcome.data).toHaveLength(10);
    },
  });

  interactionTest(pact, 'renews the recovery codes long after signing in: 403 confirmation_required', {
    given: [given.notConfirmed],
    uponReceiving: 'a POST for new recovery codes when the sign-in is not recent',
    request: { method: 'POST', path: recoveryCodes, signedIn: true },
    response: confirmationRequired,
    test: async (api) => {
      expectFailure(await api.renewRecoveryCodes(), { failure: 'confirmationRequired', status: 403 });
    },
  });

  interactionTest(pact, 'renews the recovery codes without a valid session: 404', {
    given: [states.sessionRevoked],
    uponReceiving: 'a POST for new recovery codes with the cookie of a revoked session',
    request: { method: 'POST', path: recoveryCodes, signedIn: true },
    response: noSession(404),
    test: async (api) => {
      expectFailure(await api.renewRecoveryCodes(), { failure: 'noSession', status: 404 });
    },
  });

  interactionTest(pact, 'renews the recovery codes when the app is not on: 409 not_on', {
    given: [given.confirmed],
    uponReceiving: 'a POST for new recovery codes when the app is not on',
    request: { method: 'POST', path: recoveryCodes, signedIn: true },
    response: conflict('not_on', 'The authenticator app is not on.'),
    test: async (api) => {
      expectFailure(await api.renewRecoveryCodes(), { failure: 'notOn', status: 409 });
    },
  });
});
