import type { StaffSession } from '@pre-admission/api/staff';

/**
 * The console's session states (docs/security.md#staff):
 * - `checking`: the first check of the staff session is under way;
 * - `signedOut`: no staff session (an applicant's cookie is none), with why when the console knows it;
 * - `secondStep`: the password was right, the second step is next (its methods);
 * - `signedIn`: the staff member and when the session ends by this browser's clock; `warning` once the idle
 *   end is near (the dialog asks to stay signed in). `session.secondFactorRequired`: the account may only
 *   add a second factor.
 */
export type StaffSessionState =
  | { readonly status: 'checking' }
  | {
      readonly status: 'signedOut';
      readonly reason?: 'timedOut' | 'ended' | 'again';
      readonly timedOutAfterMinutes?: number;
    }
  | { readonly status: 'secondStep'; readonly email: string; readonly methods: readonly string[] }
  | {
      readonly status: 'signedIn';
      readonly session: StaffSession;
      /** When the idle end comes, ms since the epoch by this browser's clock. */
      readonly endsAt: number;
      /** False when the absolute end comes first: "Stay signed in" could not extend it. */
      readonly extendable: boolean;
      readonly warning: boolean;
    };

/** The signed-in state of a session answer, timed from the moment it arrived. */
export function signedInState(
  session: StaffSession,
  now: number,
): StaffSessionState & { status: 'signedIn' } {
  const endsAt = now + session.expiresInSeconds * 1000;
  const absolute = Date.parse(session.absoluteExpiresAt);
  return {
    status: 'signedIn',
    session,
    endsAt,
    // The idle end is the absolute end (or past it): extending cannot move it.
    extendable: !(Number.isFinite(absolute) && absolute - Date.parse(session.expiresAt) < 1000),
    warning: session.expiresInSeconds <= session.warningSeconds,
  };
}

/** When the warning is due, ms from `now` (0: at once). */
export function warningDelay(state: { endsAt: number; session: StaffSession }, now: number): number {
  return Math.max(0, state.endsAt - state.session.warningSeconds * 1000 - now);
}
