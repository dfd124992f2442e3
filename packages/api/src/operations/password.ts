import type { ApiClient } from '../client/createApiClient';
import type { components } from '../generated/schema';
import { attempt, noBody, type FailureTable } from './outcome';

export type PasswordChangeRequest = components['schemas']['PasswordChangeRequest'];

/**
 * docs/behaviour.md#error-catalogue: 404 → back to /; 409 → currentPassword 'password is incorrect'; 400
 * common_password or same_as_current → the new password's field (docs/security.md#common-passwords).
 */
export const changePasswordFailures = {
  '400 common_password': { failure: 'commonPassword' },
  '400 same_as_current': { failure: 'sameAsCurrentPassword' },
  404: { failure: 'noSession' },
  409: { failure: 'wrongPassword' },
  429: { failure: 'rateLimited' },
} as const satisfies FailureTable;

export function changePassword(client: ApiClient, body: PasswordChangeRequest) {
  return attempt(changePasswordFailures, () => noBody(client.PATCH('/api/applicant/password', { body })));
}
