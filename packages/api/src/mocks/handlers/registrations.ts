import { schemaExamples } from '../../generated/examples';
import { http, never, problem, rateLimited } from '../http';

const requests = '/api/applicant/registrations';
const byToken = '/api/applicant/registrations/{token}';
const renewal = '/api/applicant/registrations/{token}/renewal';

export const registrationHandlers = {
  requestSucceeds: http.post(requests, ({ response }) => response(202).json(schemaExamples.MailAccepted)),
  requestEmailAlreadyRegistered: http.post(requests, () => problem('requestRegistration', '409')),
  requestRateLimited: http.post(requests, () => rateLimited('requestRegistration')),
  requestPending: http.post(requests, never),
  tokenValid: http.get(byToken, ({ params, response }) =>
    response(200).json({ ...schemaExamples.TokenRequest, token: params.token }),
  ),
  tokenInvalid: http.get(byToken, () => problem('getRegistration', '404')),
  /** docs/behaviour.md#link-states: the link was used, has expired, or a newer mail superseded it. */
  tokenUsed: http.get(byToken, () => problem('getRegistration', '404:used')),
  tokenExpired: http.get(byToken, () => problem('getRegistration', '404:expired')),
  tokenSuperseded: http.get(byToken, () => problem('getRegistration', '404:superseded')),
  finishSucceeds: http.patch(byToken, ({ response }) => response(204).empty()),
  finishTokenUsed: http.patch(byToken, () => problem('finishRegistration', '404')),
  /** docs/security.md#common-passwords: the new password is refused. */
  finishCommonPassword: http.patch(byToken, () => problem('finishRegistration', '400')),
  finishPending: http.patch(byToken, never),
  /** docs/behaviour.md#link-states: an expired link renewed (a new mail), or refused. */
  renewSucceeds: http.post(renewal, ({ response }) => response(202).json(schemaExamples.MailAccepted)),
  renewRateLimited: http.post(renewal, () => rateLimited('renewRegistration')),
  renewEmailAlreadyRegistered: http.post(renewal, () => problem('renewRegistration', '409')),
  renewUsed: http.post(renewal, () => problem('renewRegistration', '404:used')),
  renewPending: http.post(renewal, never),
};
