import type { ApiClient } from '../client/createApiClient';
import type { components } from '../generated/schema';
import {
  attempt,
  commonPasswordRefused,
  confirmationRequired,
  noBody,
  onField,
  rateLimited,
  secondFactorMissing,
  sessionLost,
  type FailureTable,
} from './outcome';

export type PasswordChangeRequest = components['schemas']['PasswordChangeRequest'];

/** Password change (docs/behaviour.md#error-catalogue). */
export const changePasswordFailures = {
  '400 common_password': commonPasswordRefused,
  '400 same_as_current': {
    failure: 'sameAsCurrentPassword',
    shows: onField('newPassword', 'account.validation.sameAsCurrentPassword'),
  },
  '403 second_factor_required': secondFactorMissing,
  // Issue 39, item 1: the screen asks to confirm and tries again.
  '403 confirmation_required': confirmationRequired,
  404: { failure: 'noSession', shows: sessionLost },
  409: { failure: 'wrongPassword', shows: onField('currentPassword', 'account.error.wrongPassword') },
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

export function changePassword(client: ApiClient, body: PasswordChangeRequest) {
  return attempt(changePasswordFailures, () => noBody(client.PATCH('/api/applicant/password', { body })));
}
