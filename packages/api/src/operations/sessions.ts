import * as z from 'zod/mini';
import type { ApiClient } from '../client/createApiClient';
import type { components } from '../generated/schema';
import { attempt, noBody, onField, parseBody, rateLimited, type FailureTable } from './outcome';

export type SignInRequest = components['schemas']['SignInRequest'];

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

/** Sign in (docs/behaviour.md#error-catalogue). */
export const signInFailures = {
  403: { failure: 'wrongPassword', shows: onField('password', 'account.error.wrongPassword') },
  404: { failure: 'accountNotFound', shows: onField('email', 'account.error.accountNotFound') },
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

/** The session check and its extension (docs/behaviour.md#session): 200 signed in, else the state. */
export const currentSessionFailures = {
  401: { failure: 'signedOut', shows: { kind: 'session', state: 'signedOut' } },
  403: { failure: 'terminated', shows: { kind: 'session', state: 'terminated' } },
} as const satisfies FailureTable;

export function signIn(client: ApiClient, body: SignInRequest) {
  return attempt(signInFailures, () =>
    parseBody(client.POST('/api/applicant/sessions', { body }), SessionStatusSchema),
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
