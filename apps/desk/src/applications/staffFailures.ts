import { failureOf, type ActionFailure } from '@pre-admission/desk';
import type { StaffSessionValue } from '../session/StaffSessionProvider';

type Failed = { ok: false; failure: string; error: { status: number; problem?: { code?: string } } };

/**
 * What the console does with a staff call's failure that is the session's, whichever screen made it: no
 * session (401: signed out, an applicant's cookie, the account removed) → sign-in; no second factor yet →
 * the session is read again, and its gate sends to the set-up. Says whether it was one of those.
 */
export function handledBySession(outcome: Failed, session: StaffSessionValue): boolean {
  if (outcome.failure === 'signedOut') {
    session.lost();
    return true;
  }
  if (outcome.failure === 'secondFactorRequired') {
    void session.signedIn();
    return true;
  }
  return false;
}

/** An action's failure as the desk's dialogs say it (`failureOf`: 400, 403, 404, 409). */
export const actionFailure = (outcome: Failed): ActionFailure =>
  failureOf(outcome.error.status, outcome.error.problem?.code);
