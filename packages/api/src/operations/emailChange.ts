import type { ApiClient } from '../client/createApiClient';
import { MailAcceptedSchema } from './links';
import {
  attempt,
  confirmationRequired,
  logged,
  noBody,
  onField,
  parseBody,
  rateLimited,
  secondFactorMissing,
  sessionLost,
  toast,
  type FailureTable,
} from './outcome';
import type { EmailRequest } from './registrations';

/** Email change request (docs/behaviour.md#error-catalogue). */
export const requestEmailChangeFailures = {
  // The applicant's own current address: not "already in use", which they could not act on (issue 27).
  '400 same_as_current': {
    failure: 'sameAsCurrentEmail',
    shows: onField('email', 'account.validation.sameAsCurrentEmail'),
  },
  '403 second_factor_required': secondFactorMissing,
  // Issue 39, item 1: the address is where a reset link goes; the screen asks to confirm and tries again.
  '403 confirmation_required': confirmationRequired,
  404: { failure: 'noSession', shows: sessionLost },
  409: { failure: 'emailInUse', shows: toast('account.error.emailChangeFailed', 'account.error.emailInUse') },
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

/** docs/behaviour.md#error-catalogue only logs activation errors; the screen still tells a dead link from other failures. */
export const activateEmailChangeFailures = {
  404: {
    failure: 'invalidToken',
    shows: logged('account.error.emailChangeFailed', 'account.error.linkUsed'),
  },
  409: {
    failure: 'emailInUse',
    shows: logged('account.error.emailChangeFailed', 'account.error.emailInUse'),
  },
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
