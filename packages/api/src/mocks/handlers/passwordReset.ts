import { schemaExamples } from '../../generated/examples';
import { http, never, problem, rateLimited } from '../http';

const requests = '/api/applicant/password-reset-requests';
const byToken = '/api/applicant/password-reset-requests/{token}';
const renewal = '/api/applicant/password-reset-requests/{token}/renewal';

export const passwordResetHandlers = {
  requestSucceeds: http.post(requests, ({ response }) => response(202).json(schemaExamples.MailAccepted)),
  /** docs/security.md#already-sent: the account's last reset mail is that recent; none sent, and when it was. */
  requestAlreadySent: http.post(requests, ({ response }) =>
    response(202).json(schemaExamples.PasswordResetAccepted),
  ),
  requestEmailNotFound: http.post(requests, () => problem('requestPasswordReset', '404')),
  requestRateLimited: http.post(requests, () => rateLimited('requestPasswordReset')),
  requestPending: http.post(requests, never),
  tokenValid: http.get(byToken, ({ params, response }) =>
    response(200).json({ ...schemaExamples.TokenRequest, token: params.token }),
  ),
  tokenInvalid: http.get(byToken, () => problem('getPasswordReset', '404')),
  /** docs/behaviour.md#link-states */
  tokenUsed: http.get(byToken, () => problem('getPasswordReset', '404:used')),
  tokenExpired: http.get(byToken, () => problem('getPasswordReset', '404:expired')),
  finishSucceeds: http.patch(byToken, ({ response }) => response(204).empty()),
  finishTokenUsed: http.patch(byToken, () => problem('finishPasswordReset', '404')),
  /** docs/security.md#common-passwords: the new password is refused. */
  finishCommonPassword: http.patch(byToken, () => problem('finishPasswordReset', '400')),
  finishPending: http.patch(byToken, never),
  /** docs/behaviour.md#link-states: an expired link renewed (a new mail), or refused. */
  renewSucceeds: http.post(renewal, ({ response }) => response(202).json(schemaExamples.MailAccepted)),
  renewRateLimited: http.post(renewal, () => rateLimited('renewPasswordReset')),
  renewUsed: http.post(renewal, () => problem('renewPasswordReset', '404:used')),
};
