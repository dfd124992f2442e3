import { schemaExamples } from '../../generated/examples';
import { http, never, problem, rateLimited } from '../http';

const current = '/api/applicant/sessions/current';
const sessions = '/api/applicant/sessions';

export const sessionHandlers = {
  signedIn: http.get(current, ({ response }) => response(200).json(schemaExamples.CurrentSession)),
  extendSucceeds: http.post(current, ({ response }) => response(200).json(schemaExamples.CurrentSession)),
  extendTerminated: http.post(current, () => problem('extendSession', '403')),
  signedOut: http.get(current, () => problem('getCurrentSession', '401')),
  terminated: http.get(current, () => problem('getCurrentSession', '403')),
  signInSucceeds: http.post(sessions, async ({ request, response }) => {
    const { email } = await request.json();
    return response(200).json({ signedIn: true, email });
  }),
  signInAccountNotFound: http.post(sessions, () => problem('signIn', '404')),
  signInWrongPassword: http.post(sessions, () => problem('signIn', '403')),
  signInRateLimited: http.post(sessions, () => rateLimited('signIn', 120)),
  signInPending: http.post(sessions, never),
  signOutSucceeds: http.delete(sessions, ({ response }) => response(204).empty()),
};
