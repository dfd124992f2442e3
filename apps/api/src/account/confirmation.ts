// Recent sign-in (docs/security.md#recent-sign-in): a session may make sensitive changes (the e-mail address,
// the password, passkeys, the authenticator app, recovery codes) only within CONFIRMATION_WINDOW_SECONDS of its
// sign-in or of its last confirmation (confirmSignIn). Someone who finds a signed-in browser unattended, or
// holds a stolen session cookie, cannot move the account to their mailbox, add their own passkey or turn the
// second factor off without the password (and the second factor, where the account has one) or a passkey.
import { problems } from '../platform/problem.ts';
import type { Services } from '../services.ts';

/** When the session's confirmation ends: its sign-in or last confirmation plus the window. */
export function confirmedUntil(s: Pick<Services, 'config'>, session: { confirmedAt: Date }): Date {
  return new Date(session.confirmedAt.getTime() + s.config.confirmationWindow);
}

/**
 * Throws 403 `confirmation_required` unless the session signed in or confirmed within the window. Call it
 * after the session is known to be valid (a missing session is the operation's own 404), before any change.
 */
export function requireRecentSignIn(
  s: Pick<Services, 'config' | 'clock'>,
  session: { confirmedAt: Date },
): void {
  if (confirmedUntil(s, session).getTime() <= s.clock.now().getTime()) throw problems.confirmationRequired();
}
