import { schemaExamples } from '../../generated/examples';
import { http, never, problem, rateLimited } from '../http';
import { recentSignIn } from './security';

const requests = '/api/applicant/email-change-requests';
const byToken = '/api/applicant/email-change-requests/{token}';

/**
 * docs/security.md#recent-sign-in: a session whose sign-in is not recent; the request is refused with
 * `confirmation_required` until the applicant confirms (with the app's code too, `twoStep`), then accepted.
 */
export function emailChangeAfterConfirmation(options: { twoStep?: boolean } = {}) {
  const signIn = recentSignIn({ confirmed: false, ...options });
  return [
    signIn.handler,
    http.post(requests, ({ response }) =>
      signIn.isConfirmed()
        ? response(202).json(schemaExamples.MailAccepted)
        : problem('requestEmailChange', '403'),
    ),
  ] as const;
}

export const emailChangeHandlers = {
  requestSucceeds: http.post(requests, ({ response }) => response(202).json(schemaExamples.MailAccepted)),
  requestNoSession: http.post(requests, () => problem('requestEmailChange', '404')),
  requestEmailInUse: http.post(requests, () => problem('requestEmailChange', '409')),
  /** The applicant's own current address. */
  requestSameAsCurrent: http.post(requests, () => problem('requestEmailChange', '400:sameAsCurrent')),
  requestRateLimited: http.post(requests, () => rateLimited('requestEmailChange')),
  /** Not a recent sign-in, every time: confirming does not help (a clock far off). */
  requestConfirmationRequired: http.post(requests, () => problem('requestEmailChange', '403')),
  requestPending: http.post(requests, never),
  activateSucceeds: http.patch(byToken, ({ response }) => response(204).empty()),
  activateInvalidToken: http.patch(byToken, () => problem('activateEmailChange', '404')),
  activatePending: http.patch(byToken, never),
  /** docs/behaviour.md#link-states: the link was used, has expired, or a newer mail superseded it. */
  activateUsed: http.patch(byToken, () => problem('activateEmailChange', '404:used')),
  activateExpired: http.patch(byToken, () => problem('activateEmailChange', '404:expired')),
  activateSuperseded: http.patch(byToken, () => problem('activateEmailChange', '404:superseded')),
};
