import * as z from 'zod/mini';
import type { ApiClient } from '../client/createApiClient';
import type { components } from '../generated/schema';
import { dateTime } from './common';
import {
  attempt,
  confirmationRequired,
  noBody,
  onField,
  parseBody,
  rateLimited,
  sessionLost,
  toast,
  type FailureTable,
} from './outcome';
import { CurrentSessionSchema } from './sessions';

type Schemas = components['schemas'];
export type NewPasskey = Schemas['NewPasskey'];
export type PasskeyAttestation = Schemas['PasskeyAttestation'];
export type ConfirmationRequest = Schemas['ConfirmationRequest'];

/** One passkey of the account (openapi.yaml Passkey); `synced` = backed up by its provider. */
export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: dateTime,
  lastUsedAt: z.nullable(dateTime),
  synced: z.boolean(),
});
export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeySchema) });
export type Passkey = z.output<typeof PasskeySchema>;

const credentialDescriptor = z.object({
  id: z.string(),
  type: z.enum(['public-key']),
  transports: z.optional(z.array(z.string())),
});

/**
 * `PublicKeyCredentialCreationOptionsJSON` as the server sends it; @simplewebauthn/browser's
 * `startRegistration` takes it as it is (docs/security.md#passkeys).
 */
export const PasskeyCreationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.enum(['public-key']), alg: z.number() })),
  timeout: z.optional(z.number()),
  attestation: z.optional(z.enum(['none'])),
  excludeCredentials: z.optional(z.array(credentialDescriptor)),
  authenticatorSelection: z.object({
    residentKey: z.optional(z.string()),
    requireResidentKey: z.optional(z.boolean()),
    userVerification: z.optional(z.string()),
  }),
  extensions: z.optional(z.record(z.string(), z.never())),
});
export type PasskeyCreationOptions = z.output<typeof PasskeyCreationOptionsSchema>;

/** The authenticator app's state (openapi.yaml AuthenticatorApp). */
export const AuthenticatorAppSchema = z.object({
  on: z.boolean(),
  onSince: z.optional(dateTime),
  recoveryCodesLeft: z.number().check(z.int()),
});
export type AuthenticatorApp = z.output<typeof AuthenticatorAppSchema>;

/** A new secret: the Base32 key to type, and the otpauth URI for the QR code. */
export const AuthenticatorSetupSchema = z.object({ key: z.string(), uri: z.string() });
export type AuthenticatorSetup = z.output<typeof AuthenticatorSetupSchema>;

/** Ten recovery codes, shown once (the server keeps only their hashes). */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

const noSession = { failure: 'noSession', shows: sessionLost } as const;
/** The operator requires a second factor and this is the last one (docs/security.md#second-factor). */
const lastSecondFactor = {
  failure: 'lastSecondFactor',
  shows: toast('account.security.error.title', 'account.security.error.lastSecondFactor'),
} as const;
const notOn = {
  failure: 'notOn',
  shows: toast('account.security.error.title', 'account.security.error.appNotOn'),
} as const;
const alreadyOn = {
  failure: 'alreadyOn',
  shows: toast('account.security.error.title', 'account.security.error.appAlreadyOn'),
} as const;

export const listPasskeysFailures = { 404: noSession } as const satisfies FailureTable;

export const startAddingPasskeyFailures = {
  '403 confirmation_required': confirmationRequired,
  404: noSession,
  '409 passkey_limit': {
    failure: 'passkeyLimit',
    shows: toast('account.security.error.title', 'account.security.error.passkeyLimit'),
  },
} as const satisfies FailureTable;

export const addPasskeyFailures = {
  400: { failure: 'invalidName', shows: onField('name', 'account.security.validation.passkeyName') },
  '403 confirmation_required': confirmationRequired,
  '403 passkey_refused': {
    failure: 'passkeyRefused',
    shows: toast('account.security.error.title', 'account.security.error.passkeyRefused'),
  },
  404: noSession,
  '409 passkey_exists': {
    failure: 'passkeyExists',
    shows: toast('account.security.error.title', 'account.security.error.passkeyExists'),
  },
} as const satisfies FailureTable;

/** Renamed or removed meanwhile, from another tab or device: the list is read again. */
const passkeyNotFound = {
  failure: 'passkeyNotFound',
  shows: toast('account.security.error.title', 'account.security.error.passkeyNotFound'),
} as const;

export const renamePasskeyFailures = {
  400: { failure: 'invalidName', shows: onField('name', 'account.security.validation.passkeyName') },
  '404 passkey_not_found': passkeyNotFound,
  404: noSession,
} as const satisfies FailureTable;

export const removePasskeyFailures = {
  '403 confirmation_required': confirmationRequired,
  '404 passkey_not_found': passkeyNotFound,
  404: noSession,
  '409 last_second_factor': lastSecondFactor,
} as const satisfies FailureTable;

/**
 * Confirming with the password (or a passkey) before a sensitive change (docs/security.md#recent-sign-in). An
 * account with a second factor confirms with it too (issue 39, item 3): the password alone is refused with
 * `code_required` (the dialog then asks for a code as well) or `passkey_required`.
 */
export const confirmSignInFailures = {
  '403 wrong_password': {
    failure: 'wrongPassword',
    shows: onField('password', 'account.error.wrongPassword'),
  },
  '403 code_required': {
    failure: 'codeRequired',
    shows: onField('code', 'account.security.confirm.codeRequired'),
  },
  '403 passkey_required': {
    failure: 'passkeyRequired',
    shows: toast('account.security.error.notConfirmed', 'account.security.confirm.passkeyRequired'),
  },
  '403 wrong_code': { failure: 'wrongCode', shows: onField('code', 'account.security.confirm.wrongCode') },
  '403 second_factor_locked': { failure: 'codesLocked', shows: onField('code', 'account.error.codesLocked') },
  '403 passkey_refused': {
    failure: 'passkeyRefused',
    shows: toast('account.security.error.notConfirmed', 'account.security.error.passkeyNotAccepted'),
  },
  404: noSession,
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

export const getAuthenticatorAppFailures = { 404: noSession } as const satisfies FailureTable;

export const startAuthenticatorAppSetupFailures = {
  '403 confirmation_required': confirmationRequired,
  404: noSession,
  '409 already_on': alreadyOn,
} as const satisfies FailureTable;

export const enableAuthenticatorAppFailures = {
  '403 confirmation_required': confirmationRequired,
  '403 wrong_code': { failure: 'wrongCode', shows: onField('code', 'account.security.error.wrongCode') },
  404: noSession,
  '409 no_setup': {
    failure: 'noSetup',
    shows: toast('account.security.error.title', 'account.security.error.setupExpired'),
  },
  '409 already_on': alreadyOn,
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

export const disableAuthenticatorAppFailures = {
  '403 confirmation_required': confirmationRequired,
  404: noSession,
  '409 not_on': notOn,
  '409 last_second_factor': lastSecondFactor,
} as const satisfies FailureTable;

export const renewRecoveryCodesFailures = {
  '403 confirmation_required': confirmationRequired,
  404: noSession,
  '409 not_on': notOn,
} as const satisfies FailureTable;

const passkeyPath = (passkeyId: string) => ({ params: { path: { passkeyId } } });

export function listPasskeys(client: ApiClient) {
  return attempt(listPasskeysFailures, async () => {
    const { passkeys } = await parseBody(client.GET('/api/applicant/passkeys'), PasskeyListSchema);
    return passkeys;
  });
}

export function startAddingPasskey(client: ApiClient) {
  return attempt(startAddingPasskeyFailures, () =>
    parseBody(client.POST('/api/applicant/passkeys/options'), PasskeyCreationOptionsSchema),
  );
}

export function addPasskey(client: ApiClient, body: NewPasskey) {
  return attempt(addPasskeyFailures, () =>
    parseBody(client.POST('/api/applicant/passkeys', { body }), PasskeySchema),
  );
}

export function renamePasskey(client: ApiClient, passkeyId: string, name: string) {
  return attempt(renamePasskeyFailures, () =>
    parseBody(
      client.PATCH('/api/applicant/passkeys/{passkeyId}', { ...passkeyPath(passkeyId), body: { name } }),
      PasskeySchema,
    ),
  );
}

export function removePasskey(client: ApiClient, passkeyId: string) {
  return attempt(removePasskeyFailures, () =>
    noBody(client.DELETE('/api/applicant/passkeys/{passkeyId}', passkeyPath(passkeyId))),
  );
}

/** Answers the session with its new `confirmedUntil`. */
export function confirmSignIn(client: ApiClient, body: ConfirmationRequest) {
  return attempt(confirmSignInFailures, () =>
    parseBody(client.POST('/api/applicant/sessions/current/confirmation', { body }), CurrentSessionSchema),
  );
}

export function getAuthenticatorApp(client: ApiClient) {
  return attempt(getAuthenticatorAppFailures, () =>
    parseBody(client.GET('/api/applicant/authenticator-app'), AuthenticatorAppSchema),
  );
}

export function startAuthenticatorAppSetup(client: ApiClient) {
  return attempt(startAuthenticatorAppSetupFailures, () =>
    parseBody(client.POST('/api/applicant/authenticator-app/setup'), AuthenticatorSetupSchema),
  );
}

/** Turns the app on with a first code; answers the ten recovery codes. */
export function enableAuthenticatorApp(client: ApiClient, code: string) {
  return attempt(enableAuthenticatorAppFailures, async () => {
    const body = { code };
    const { recoveryCodes } = await parseBody(
      client.PUT('/api/applicant/authenticator-app', { body }),
      RecoveryCodesSchema,
    );
    return recoveryCodes;
  });
}

export function disableAuthenticatorApp(client: ApiClient) {
  return attempt(disableAuthenticatorAppFailures, () =>
    noBody(client.DELETE('/api/applicant/authenticator-app')),
  );
}

export function renewRecoveryCodes(client: ApiClient) {
  return attempt(renewRecoveryCodesFailures, async () => {
    const { recoveryCodes } = await parseBody(
      client.POST('/api/applicant/recovery-codes'),
      RecoveryCodesSchema,
    );
    return recoveryCodes;
  });
}
