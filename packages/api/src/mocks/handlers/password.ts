import { http, never, problem, rateLimited } from '../http';

const password = '/api/applicant/password';

export const passwordHandlers = {
  changeSucceeds: http.patch(password, ({ response }) => response(204).empty()),
  changeNoSession: http.patch(password, () => problem('changePassword', '404')),
  changeWrongPassword: http.patch(password, () => problem('changePassword', '409')),
  /** docs/security.md#common-passwords: the new password is refused, or is the current one. */
  changeCommonPassword: http.patch(password, () => problem('changePassword', '400:commonPassword')),
  changeSameAsCurrent: http.patch(password, () => problem('changePassword', '400:sameAsCurrent')),
  changeRateLimited: http.patch(password, () => rateLimited('changePassword')),
  changePending: http.patch(password, never),
};
