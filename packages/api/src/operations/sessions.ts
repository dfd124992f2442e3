import * as z from 'zod/mini';
import type { ApiClient } from '../client/createApiClient';
import type { components } from '../generated/schema';
import {
  attempt,
  noBody,
  onField,
  parseBody,
  rateLimited,
  restartSignIn,
  toast,
  type FailureTable,
} from './outcome';

export type SignInRequest = components['schemas']['SignInRequest'];
/** One way of making the second step of a password sign-in (docs/security.md#second-factor). */
export type SecondStepMethod = 'authenticatorApp' | 'recoveryCode' | 'passkey';
/** `startAuthentication`'s `optionsJSON` (@simplewebauthn/browser). */
export type PasskeyRequestOptions = components['schemas']['PasskeyRequestOptions'];
/** What `startAuthentication` gives back, as the server takes it. */
export type PasskeyAssertion = components['schemas']['PasskeyAssertion'];
export type SecondStepRequest = components['schemas']['SecondStepRequest'];

/** docs/behaviour.md#session: the applicant and when the session ends (docs/security.md#session-timeout). */
export const CurrentSessionSchema = z.object({
  email: z.string(),
  expiresAt: z.string(),
  absoluteExpiresAt: z.string(),
  expiresInSeconds: z.number(),
  idleTimeoutSeconds: z.number(),
  warningSeconds: z.number(),
  confirmedUntil: z.string(),
  secondFactorRequired: z.boolean(),
});
export const SessionStatusSchema = z.object({
  signedIn: z.boolean(),
  email: z.optional(z.string()),
  secondStep: z.optional(z.array(z.enum(['authenticatorApp', 'recoveryCode', 'passkey']))),
});
export type CurrentSession = z.output<typeof CurrentSessionSchema>;
export type SessionStatus = z.output<typeof SessionStatusSchema>;

const SecondStepMethodSchema = z.enum(['authenticatorApp', 'recoveryCode', 'passkey']);
/**
 * A password sign-in's answer, as the screen acts on it: signed in, or the password was right and the second
 * step is next with the methods it may use (never an empty list: a `signedIn: false` without one is not the
 * contract's answer).
 */
export const SignInAnswerSchema = z.union([
  z.object({ signedIn: z.literal(true), email: z.optional(z.string()) }),
  z.object({
    signedIn: z.literal(false),
    secondStep: z.array(SecondStepMethodSchema).check(z.minLength(1)),
  }),
]);
export type SignInAnswer = z.output<typeof SignInAnswerSchema>;

/** A passkey sign-in and the second step answer only "signed in" (their failures are statuses). */
const SignedInSchema = z.object({ signedIn: z.literal(true), email: z.optional(z.string()) });

const base64Url = z.string().check(z.regex(/^[A-Za-z0-9_-]*$/));
/** startPasskeySignIn's options, checked before they reach the browser's passkey dialog. */
export const PasskeyRequestOptionsSchema = z.object({
  challenge: base64Url,
  timeout: z.optional(z.number()),
  rpId: z.string(),
  userVerification: z.literal('required'),
  allowCredentials: z.optional(z.array(z.record(z.string(), z.unknown())).check(z.maxLength(0))),
});
export type PasskeySignInOptions = z.output<typeof PasskeyRequestOptionsSchema>;

/** Sign in (docs/behaviour.md#error-catalogue). */
export const signInFailures = {
  403: { failure: 'wrongPassword', shows: onField('password', 'account.error.wrongPassword') },
  404: { failure: 'accountNotFound', shows: onField('email', 'account.error.accountNotFound') },
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

/** Which check refused a passkey is logged by the server, not told (docs/security.md#passkeys). */
const passkeyRefusedToast = toast('account.error.passkeyRefused.title', 'account.error.passkeyRefused.text');

/**
 * The second step of a password sign-in (docs/security.md#second-factor): 401 → the second step is over
 * (used, expired, or five minutes passed): back to sign-in to start again; 403 → the code or passkey is
 * not accepted; 429 → the wait, as wrong passwords.
 */
export const finishSignInFailures = {
  '401 no_second_step': { failure: 'noSecondStep', shows: restartSignIn },
  '403 wrong_code': { failure: 'wrongCode', shows: onField('code', 'account.error.wrongCode') },
  // Issue 39, item 2: codes are stopped after ten consecutive wrong ones; a reset or a passkey is the way on.
  '403 second_factor_locked': { failure: 'codesLocked', shows: onField('code', 'account.error.codesLocked') },
  '403 passkey_refused': { failure: 'passkeyRefused', shows: passkeyRefusedToast },
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

/** The challenge for a passkey sign-in (docs/security.md#passkeys). */
export const startPasskeySignInFailures = {
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

/** A passkey sign-in: 403 → the passkey is not accepted (which check failed is logged, not told). */
export const passkeySignInFailures = {
  '403 passkey_refused': { failure: 'passkeyRefused', shows: passkeyRefusedToast },
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

/** The session check and its extension (docs/behaviour.md#session): 200 signed in, else the state. */
export const currentSessionFailures = {
  401: { failure: 'signedOut', shows: { kind: 'session', state: 'signedOut' } },
  403: { failure: 'terminated', shows: { kind: 'session', state: 'terminated' } },
} as const satisfies FailureTable;

/** A password sign-in: signed in, or the second step's methods (the second-step cookie is set). */
export function signIn(client: ApiClient, body: SignInRequest) {
  return attempt(signInFailures, () =>
    parseBody(client.POST('/api/applicant/sessions', { body }), SignInAnswerSchema),
  );
}

/** The second step with one of the methods sign-in named; success is the same session as a sign-in. */
export function finishSignIn(client: ApiClient, body: SecondStepRequest) {
  return attempt(finishSignInFailures, () =>
    parseBody(client.POST('/api/applicant/sessions/second-step', { body }), SignedInSchema),
  );
}

/** The WebAuthn options for `startAuthentication`; the challenge cookie binds them to this browser. */
export function startPasskeySignIn(client: ApiClient) {
  return attempt(startPasskeySignInFailures, () =>
    parseBody(client.POST('/api/applicant/passkey-sign-in/options'), PasskeyRequestOptionsSchema),
  );
}

/** Signs in with a passkey's assertion: no second step (the passkey is both factors). */
export function passkeySignIn(client: ApiClient, body: PasskeyAssertion) {
  return attempt(passkeySignInFailures, () =>
    parseBody(client.POST('/api/applicant/passkey-sign-in', { body }), SignedInSchema),
  );
}

/** The app's own check: it never extends the session (an open tab does not keep an idle session alive). */
export function getCurrentSession(client: ApiClient) {
  return attempt(currentSessionFailures, () =>
    parseBody(client.GET('/api/applicant/sessions/current'), CurrentSessionSchema),
  );
}

/** "Stay signed in", and the check when the applicant opens a page: extends the session; answers as the check. */
export function extendSession(client: ApiClient) {
  return attempt(currentSessionFailures, () =>
    parseBody(client.POST('/api/applicant/sessions/current'), CurrentSessionSchema),
  );
}

export function signOut(client: ApiClient): Promise<void> {
  return noBody(client.DELETE('/api/applicant/sessions'));
}
