import { exampleStaffSession } from '@pre-admission/api/staff-mocks';
import { describe, expect, it } from 'vitest';
import { signedInState, warningDelay } from './staffSession';

const now = Date.parse('2027-01-20T01:00:00.000Z');

describe('the staff session timing', () => {
  it("ends when the server's time left runs out, warned warningSeconds before", () => {
    const state = signedInState(exampleStaffSession, now);
    expect(state).toMatchObject({
      status: 'signedIn',
      endsAt: now + 900_000,
      warning: false,
      extendable: true,
    });
    expect(warningDelay(state, now)).toBe((900 - 120) * 1000);
    expect(warningDelay(state, now + 800_000)).toBe(0);
  });

  it('warns at once when less time is left than the warning, and cannot extend past the absolute end', () => {
    const ending = {
      ...exampleStaffSession,
      expiresInSeconds: 60,
      expiresAt: exampleStaffSession.absoluteExpiresAt,
    };
    expect(signedInState(ending, now)).toMatchObject({
      warning: true,
      extendable: false,
      endsAt: now + 60_000,
    });
  });
});
