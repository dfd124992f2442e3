/**
 * The session states and exactly its transitions of docs/behaviour.md#session:
 * - loading → signedIn on success; → signedOut on error.
 * - signedIn → terminated when the current-session check returns 403; → signedOut on sign out.
 * - signedOut → signedIn on sign in or success.
 * - terminated → signedIn on sign in or success.
 * Anything else leaves the state as it is.
 */
export type SessionState =
  | { readonly status: 'loading' }
  | { readonly status: 'signedIn'; readonly email: string }
  | { readonly status: 'signedOut' }
  | { readonly status: 'terminated' };

export type SessionStatus = SessionState['status'];

export type SessionEvent =
  /** The current-session check answered 200, or a sign-in succeeded. */
  | { readonly type: 'success'; readonly email: string }
  /** The current-session check answered 403: the session was revoked or expired. */
  | { readonly type: 'revoked' }
  /** The current-session check failed any other way (401 no session, a network failure, a 5xx). */
  | { readonly type: 'error' }
  /** The applicant signed out, here or in another tab, or a flow signed them out. */
  | { readonly type: 'signOut' };

export const initialSession: SessionState = { status: 'loading' };

export function nextSession(state: SessionState, event: SessionEvent): SessionState {
  switch (state.status) {
    case 'loading':
      if (event.type === 'success') return { status: 'signedIn', email: event.email };
      return { status: 'signedOut' };
    case 'signedIn':
      if (event.type === 'success') {
        return event.email === state.email ? state : { status: 'signedIn', email: event.email };
      }
      if (event.type === 'revoked') return { status: 'terminated' };
      if (event.type === 'signOut') return { status: 'signedOut' };
      // A failed check that is not a 403 (the network blinked, the server had a 5xx) is no reason to sign
      // the applicant out; a 401 means the cookie is gone, which the app reports as signOut.
      return state;
    case 'signedOut':
    case 'terminated':
      if (event.type === 'success') return { status: 'signedIn', email: event.email };
      return state;
  }
}

/** docs/behaviour.md#session: sign-out listeners run when a signed-in applicant becomes terminated or signed out. */
export function leftSignedIn(previous: SessionState, next: SessionState): boolean {
  return previous.status === 'signedIn' && (next.status === 'signedOut' || next.status === 'terminated');
}
