import { describe, expect, it } from 'vitest';
import {
  initialSession,
  leftSignedIn,
  nextSession,
  type SessionEvent,
  type SessionState,
} from './sessionMachine';

const states: Record<SessionState['status'], SessionState> = {
  loading: { status: 'loading' },
  signedIn: { status: 'signedIn', email: 'a@example.com' },
  signedOut: { status: 'signedOut' },
  terminated: { status: 'terminated' },
};
const events: Record<SessionEvent['type'], SessionEvent> = {
  success: { type: 'success', email: 'b@example.com' },
  revoked: { type: 'revoked' },
  error: { type: 'error' },
  signOut: { type: 'signOut' },
};

/** Every state × every event, as docs/behaviour.md#session (and the failure rule for a signed-in applicant) says. */
const expected: Record<SessionState['status'], Record<SessionEvent['type'], SessionState['status']>> = {
  loading: { success: 'signedIn', revoked: 'signedOut', error: 'signedOut', signOut: 'signedOut' },
  signedIn: { success: 'signedIn', revoked: 'terminated', error: 'signedIn', signOut: 'signedOut' },
  signedOut: { success: 'signedIn', revoked: 'signedOut', error: 'signedOut', signOut: 'signedOut' },
  terminated: { success: 'signedIn', revoked: 'terminated', error: 'terminated', signOut: 'terminated' },
};

describe('the session state machine of docs/behaviour.md#session', () => {
  it('starts loading', () => {
    expect(initialSession.status).toBe('loading');
  });

  for (const [from, row] of Object.entries(expected)) {
    for (const [event, to] of Object.entries(row)) {
      it(`${from} + ${event} → ${to}`, () => {
        const next = nextSession(
          states[from as SessionState['status']],
          events[event as SessionEvent['type']],
        );
        expect(next.status).toBe(to);
      });
    }
  }

  it('carries the email of a success', () => {
    expect(nextSession(states.signedOut, events.success)).toEqual({
      status: 'signedIn',
      email: 'b@example.com',
    });
    expect(nextSession(states.signedIn, events.success)).toEqual({
      status: 'signedIn',
      email: 'b@example.com',
    });
  });

  it('keeps the same object when nothing changes, so React does not re-render', () => {
    const same = { type: 'success', email: 'a@example.com' } as const;
    expect(nextSession(states.signedIn, same)).toBe(states.signedIn);
  });

  it('runs sign-out listeners only when a signed-in applicant leaves', () => {
    expect(leftSignedIn(states.signedIn, states.signedOut)).toBe(true);
    expect(leftSignedIn(states.signedIn, states.terminated)).toBe(true);
    expect(leftSignedIn(states.signedIn, states.signedIn)).toBe(false);
    expect(leftSignedIn(states.loading, states.signedOut)).toBe(false);
    expect(leftSignedIn(states.terminated, states.signedOut)).toBe(false);
  });
});
