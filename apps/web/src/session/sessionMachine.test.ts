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
const timeout = { endsAt: 1_800_000, warningMs: 120_000, idleMinutes: 30, extendable: true };
const events: Record<SessionEvent['type'], SessionEvent> = {
  success: { type: 'success', email: 'b@example.com' },
  revoked: { type: 'revoked' },
  error: { type: 'error' },
  signOut: { type: 'signOut' },
  warn: { type: 'warn' },
  extended: { type: 'extended', timeout },
  timedOut: { type: 'timedOut', idleMinutes: 30 },
};

/** Every state × every event, as docs/behaviour.md#session (and the failure rule for a signed-in applicant) says. */
const expected: Record<SessionState['status'], Record<SessionEvent['type'], SessionState['status']>> = {
  loading: {
    success: 'signedIn',
    revoked: 'signedOut',
    error: 'signedOut',
    signOut: 'signedOut',
    warn: 'loading',
    extended: 'loading',
    timedOut: 'loading',
  },
  signedIn: {
    success: 'signedIn',
    revoked: 'terminated',
    error: 'signedIn',
    signOut: 'signedOut',
    warn: 'signedIn',
    extended: 'signedIn',
    timedOut: 'signedOut',
  },
  signedOut: {
    success: 'signedIn',
    revoked: 'signedOut',
    error: 'signedOut',
    signOut: 'signedOut',
    warn: 'signedOut',
    extended: 'signedOut',
    timedOut: 'signedOut',
  },
  terminated: {
    success: 'signedIn',
    revoked: 'terminated',
    error: 'terminated',
    signOut: 'terminated',
    warn: 'terminated',
    extended: 'terminated',
    timedOut: 'terminated',
  },
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

  // docs/security.md#second-factor: the server says whether the account must add a second factor first.
  it('carries whether the account must add a second factor, as each check finds it', () => {
    const required = nextSession(initialSession, {
      type: 'success',
      email: 'a@example.com',
      secondFactorRequired: true,
    });
    expect(required).toEqual({ status: 'signedIn', email: 'a@example.com', secondFactorRequired: true });
    const added = nextSession(required, {
      type: 'success',
      email: 'a@example.com',
      secondFactorRequired: false,
    });
    expect(added).toEqual({ status: 'signedIn', email: 'a@example.com' });
    // A sign-in's success does not know it: the check that follows says.
    expect(nextSession(required, { type: 'success', email: 'a@example.com' })).toBe(required);
  });

  it('keeps the same object when nothing changes, so React does not re-render', () => {
    const same = { type: 'success', email: 'a@example.com' } as const;
    expect(nextSession(states.signedIn, same)).toBe(states.signedIn);
  });

  it('the timeout: warn opens the warning, extended closes it and moves the end, timedOut says after how long', () => {
    const warned = nextSession(states.signedIn, events.warn);
    expect(warned).toEqual({ status: 'signedIn', email: 'a@example.com', warning: true });
    expect(nextSession(warned, events.warn)).toBe(warned);
    expect(nextSession(warned, events.extended)).toEqual({
      status: 'signedIn',
      email: 'a@example.com',
      timeout,
      warning: false,
    });
    expect(nextSession(warned, events.timedOut)).toEqual({ status: 'signedOut', timedOutAfterMinutes: 30 });
    expect(leftSignedIn(warned, nextSession(warned, events.timedOut))).toBe(true);
  });

  it('a check that finds the end moved later (another tab extended) closes the warning', () => {
    const warned = { status: 'signedIn', email: 'a@example.com', timeout, warning: true } as const;
    const later = { ...timeout, endsAt: timeout.endsAt + 60_000 };
    expect(nextSession(warned, { type: 'success', email: 'a@example.com', timeout: later })).toEqual({
      status: 'signedIn',
      email: 'a@example.com',
      timeout: later,
      warning: false,
    });
    expect(nextSession(warned, { type: 'success', email: 'a@example.com', timeout: { ...timeout } })).toBe(
      warned,
    );
  });

  it('runs sign-out listeners only when a signed-in applicant leaves', () => {
    expect(leftSignedIn(states.signedIn, states.signedOut)).toBe(true);
    expect(leftSignedIn(states.signedIn, states.terminated)).toBe(true);
    expect(leftSignedIn(states.signedIn, states.signedIn)).toBe(false);
    expect(leftSignedIn(states.loading, states.signedOut)).toBe(false);
    expect(leftSignedIn(states.terminated, states.signedOut)).toBe(false);
  });
});
