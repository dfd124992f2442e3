import { schemaExamples } from '../../generated/examples';
import { http, never, problem, rateLimited } from '../http';

const requests = '/api/applicant/registrations';
const byToken = '/api/applicant/registrations/{token}';

export const registrationHandlers = {
  requestSucceeds: http.post(requests, ({ response }) => response(202).json(schemaExamples.MailAccepted)),
  requestEmailAlreadyRegistered: http.post(requests, () => problem('requestRegistration', '409')),
  requestRateLimited: http.post(requests, () => rateLimited('requestRegistration')),
  requestPending: http.post(requests, never),
  tokenValid: http.get(byToken, ({ params, response }) =>
    response(200).json({ ...schemaExamples.TokenRequest, token: params.token }),
  ),
  tokenInvalid: http.get(byToken, () => problem('getRegistration', '404')),
  finishSucceeds: http.patch(byToken, ({ response }) => response(204).empty()),
  finishTokenUsed: http.patch(byToken, () => problem('finishRegistration', '404')),
  finishPending: http.patch(byToken, never),
};
