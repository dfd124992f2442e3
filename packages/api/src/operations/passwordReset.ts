import type { ApiClient } from '../client/createApiClient';
import { MailAcceptedSchema, PasswordResetAcceptedSchema } from './links';
import {
  attempt,
  generic,
  inAlert,
  logged,
  noBody,
  commonPasswordRefused,
  onField,
  parseBody,
  rateLimited,
  type FailureTable,
} from './outcome';
import { TokenRequestSchema, tokenFailures, type EmailRequest, type FinishRequest } from './registrations';

/** Password reset request (docs/behaviour.md#error-catalogue). */
export const requestPasswordResetFailures = {
  404: { failure: 'emailNotFound', shows: onField('email', 'account.error.emailNotFound') },
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

/** docs/behaviour.md#error-catalogue only logs finish errors; a used or expired token (404) is still told apart. */
export const finishPasswordResetFailures = {
  '400 common_password': commonPasswordRefused,
  404: { failure: 'invalidToken', shows: logged(generic.title, 'account.error.linkUsed') },
} as const satisfies FailureTable;

/** docs/behaviour.md#link-states: renewing an expired reset link. 404 → the link's state; 429 → the wait. */
export const renewPasswordResetFailures = {
  404: { failure: 'invalidToken', shows: inAlert('account.invalidLink.body') },
  429: { failure: 'rateLimited', shows: inAlert('account.mailResend.refused') },
} as const satisfies FailureTable;

export function requestPasswordReset(client: ApiClient, body: EmailRequest) {
  return attempt(requestPasswordResetFailures, () =>
    parseBody(client.POST('/api/applicant/password-reset-requests', { body }), PasswordResetAcceptedSchema),
  );
}

export function getPasswordReset(client: ApiClient, token: string) {
  return attempt(tokenFailures, () =>
    parseBody(
      client.GET('/api/applicant/password-reset-requests/{token}', { params: { path: { token } } }),
      TokenRequestSchema,
    ),
  );
}

export function finishPasswordReset(client: ApiClient, token: string, body: FinishRequest) {
  return attempt(finishPasswordResetFailures, () =>
    noBody(
      client.PATCH('/api/applicant/password-reset-requests/{token}', { params: { path: { token } }, body }),
    ),
  );
}

/** A new reset link in place of an expired one, for the same account (the answer never names the address). */
export function renewPasswordReset(client: ApiClient, token: string) {
  return attempt(renewPasswordResetFailures, () =>
    parseBody(
      client.POST('/api/applicant/password-reset-requests/{token}/renewal', { params: { path: { token } } }),
      MailAcceptedSchema,
    ),
  );
}
