import { http, never, problem, rateLimited } from '../http';
import { recentSignIn } from './security';

const password = '/api/applicant/password';

/**
 * docs/security.md#recent-sign-in: a session whose sign-in is not recent; the change is refused with
 * `confirmation_required` until the applicant confirms (with the app's code too, `twoStep`), then made.
 */
export function passwordChangeAfterConfirmation(options: { twoStep?: boolean } = {}) {
  const signIn = recentSignIn({ confirmed: false, ...options });
  return [
    signIn.handler,
    http.patch(password, ({ response }) =>
      signIn.isConfirmed() ? response(204).empty() : problem('changePassword', '403'),
    ),
  ] as const;
}

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
