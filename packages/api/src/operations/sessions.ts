import * as z from 'zod/mini';
import type { ApiClient } from '../client/createApiClient';
import type { components } from '../generated/schema';
import { attempt, noBody, parseBody, type FailureTable } from './outcome';

export type SignInRequest = components['schemas']['SignInRequest'];

export const ApplicantSchema = z.object({ email: z.string() });
export const SessionStatusSchema = z.object({ signedIn: z.boolean(), email: z.optional(z.string()) });
export type Applicant = z.output<typeof ApplicantSchema>;
export type SessionStatus = z.output<typeof SessionStatusSchema>;

/** docs/behaviour.md#error-catalogue: sign in 404 → no account for the address; 403 → wrong password. */
export const signInFailures = {
  403: { failure: 'wrongPassword' },
  404: { failure: 'accountNotFound' },
  429: { failure: 'rateLimited' },
} as const satisfies FailureTable;

/** docs/behaviour.md#session: 200 signed in; 401 signed out; 403 the session was revoked or expired (terminated). */
export const currentSessionFailures = {
  401: { failure: 'signedOut' },
  403: { failure: 'terminated' },
} as const satisfies FailureTable;

export function signIn(client: ApiClient, body: SignInRequest) {
  return attempt(signInFailures, () =>
    parseBody(client.POST('/api/applicant/sessions', { body }), SessionStatusSchema),
  );
}

export function getCurrentSession(client: ApiClient) {
  return attempt(currentSessionFailures, () =>
    parseBody(client.GET('/api/applicant/sessions/current'), ApplicantSchema),
  );
}

export function signOut(client: ApiClient): Promise<void> {
  return noBody(client.DELETE('/api/applicant/sessions'));
}
