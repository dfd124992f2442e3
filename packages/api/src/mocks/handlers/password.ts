import { http, never, problem, rateLimited } from '../http';

const password = '/api/applicant/password';

export const passwordHandlers = {
  changeSucceeds: http.patch(password, ({ response }) => response(204).empty()),
  changeNoSession: http.patch(password, () => problem('changePassword', '404')),
  changeWrongPassword: http.patch(password, () => problem('changePassword', '409')),
  changeRateLimited: http.patch(password, () => rateLimited('changePassword')),
  changePending: http.patch(password, never),
};
