import type { ApiClient } from '../client/createApiClient';
import { MailAcceptedSchema } from './links';
import { attempt, noBody, parseBody, type FailureTable } from './outcome';
import type { EmailRequest } from './registrations';

/**
 * docs/behaviour.md#error-catalogue: 404 → back to /; 409 → the error toast 'failed to change email address' with
 * 'this email address is already in use'.
 */
export const requestEmailChangeFailures = {
  404: { failure: 'noSession' },
  409: { failure: 'emailInUse' },
  429: { failure: 'rateLimited' },
} as const satisfies FailureTable;

/** docs/behaviour.md#error-catalogue only logs activation errors; the screen still tells a dead link from other failures. */
export const activateEmailChangeFailures = {
  404: { failure: 'invalidToken' },
  409: { failure: 'emailInUse' },
} as const satisfies FailureTable;

export function requestEmailChange(client: ApiClient, body: EmailRequest) {
  return attempt(requestEmailChangeFailures, () =>
    parseBody(client.POST('/api/applicant/email-change-requests', { body }), MailAcceptedSchema),
  );
}

export function activateEmailChange(client: ApiClient, token: string) {
  return attempt(activateEmailChangeFailures, () =>
    noBody(client.PATCH('/api/applicant/email-change-requests/{token}', { params: { path: { token } } })),
  );
}
