/**
 * The session states and exactly its transitions of docs/behaviour.md#session:
 * - loading → signedIn on success; → signedOut on error.
 * - signedIn → terminated when the current-session check returns 403; → signedOut on sign out.
 * - signedOut → signedIn on sign in or success.
 * - terminated → signedIn on sign in or success.
 * The session timeout adds three events that only a signed-in session answers: warn (the warning opens),
 * extended (the session was extended: the warning closes), timedOut (→ signedOut, saying after how long).
 * Anything else leaves the state as it is.
 */
export type SessionState =
  | { readonly status: 'loading' }
  | {
      readonly status: 'signedIn';
      readonly email: string;
      /** When the session ends, by this browser's clock; unknown right after a sign-in. */
      readonly timeout?: SessionTimeout;
      /** The timeout warning is open. */
      readonly warning?: boolean;
      /** docs/security.md#second-factor: the account must add a second factor before anything else. */
      readonly secondFactorRequired?: boolean;
    }
  | { readonly status: 'signedOut'; readonly timedOutAfterMinutes?: number }
  | { readonly status: 'terminated' };

/** docs/behaviour.md#session: when the session ends, from the server's answer (expiresInSeconds). */
export interface SessionTimeout {
  /** ms since the epoch, this browser's clock. */
  readonly endsAt: number;
  readonly warningMs: number;
  readonly idleMinutes: number;
  /** False once the end is the absolute one: extending cannot move it. */
  readonly extendable: boolean;
}

export type SessionStatus = SessionState['status'];

export type SessionEvent =
  /** The current-session check answered 200 (with when the session ends), or a sign-in succeeded. */
  | {
      readonly type: 'success';
      readonly email: string;
      readonly timeout?: SessionTimeout;
      /** The check's answer says it; a sign-in's success does not know (the check that follows says). */
      readonly secondFactorRequired?: boolean;
    }
  /** The current-session check answered 403: the session was revoked or expired. */
  | { readonly type: 'revoked' }
  /** The current-session check failed any other way (401 no session, a network failure, a 5xx). */
  | { readonly type: 'error' }
  /** The applicant signed out, here or in another tab, or a flow signed them out. */
  | { readonly type: 'signOut' }
  /** The session's end is within the warning time (docs/behaviour.md#session): the warning opens. */
  | { readonly type: 'warn' }
  /** The session was extended, here or in another tab: the warning closes; the end moves. */
  | { readonly type: 'extended'; readonly timeout: SessionTimeout }
  /** The session reached its end without the applicant: signed out, saying after how many minutes. */
  | { readonly type: 'timedOut'; readonly idleMinutes: number };

const sameTimeout = (a: SessionTimeout | undefined, b: SessionTimeout | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.endsAt === b.endsAt &&
    a.warningMs === b.warningMs &&
    a.idleMinutes === b.idleMinutes &&
    a.extendable === b.extendable);

export const initialSession: SessionState = { status: 'loading' };

type SignedIn = Extract<SessionState, { status: 'signedIn' }>;

function signedIn(
  email: string,
  timeout: SessionTimeout | undefined,
  secondFactorRequired?: boolean,
): SignedIn {
  return {
    status: 'signedIn',
    email,
    ...(timeout ? { timeout } : {}),
    ...(secondFactorRequired ? { secondFactorRequired } : {}),
  };
}

export function nextSession(state: SessionState, event: SessionEvent): SessionState {
  switch (state.status) {
    case 'loading':
      if (event.type === 'success') return signedIn(event.email, event.timeout, event.secondFactorRequired);
      // warn, extended and timedOut come only from a signed-in session's timers: not before the first check.
      if (event.type === 'warn' || event.type === 'extended' || event.type === 'timedOut') return state;
      return { status: 'signedOut' };
    case 'signedIn':
      if (event.type === 'success') {
        const timeout = event.timeout ?? state.timeout;
        const required = event.secondFactorRequired ?? state.secondFactorRequired;
        if (
          event.email === state.email &&
          sameTimeout(timeout, state.timeout) &&
          Boolean(required) === Boolean(state.secondFactorRequired)
        )
          return state;
        // An end moved later (another tab extended) closes the warning; the timers reopen it if due.
        const later = (timeout?.endsAt ?? 0) > (state.timeout?.endsAt ?? 0);
        const next = { ...signedIn(event.email, timeout, required) };
        return state.warning === undefined && !later
          ? next
          : { ...next, warning: later ? false : state.warning };
      }
      if (event.type === 'revoked') return { status: 'terminated' };
      if (event.type === 'signOut') return { status: 'signedOut' };
      if (event.type === 'warn') return state.warning ? state : { ...state, warning: true };
      if (event.type === 'extended')
        return { ...signedIn(state.email, event.timeout, state.secondFactorRequired), warning: false };
      if (event.type === 'timedOut') return { status: 'signedOut', timedOutAfterMinutes: event.idleMinutes };
      // A failed check that is not a 403 (the network blinked, the server had a 5xx) is no reason to sign
      // the applicant out; a 401 means the cookie is gone, which the app reports as signOut.
      return state;
    case 'signedOut':
    case 'terminated':
      if (event.type === 'success') return signedIn(event.email, event.timeout, event.secondFactorRequired);
      return state;
  }
}

/** docs/behaviour.md#session: sign-out listeners run when a signed-in applicant becomes terminated or signed out. */
export function leftSignedIn(previous: SessionState, next: SessionState): boolean {
  return previous.status === 'signedIn' && (next.status === 'signedOut' || next.status === 'terminated');
}
