import { describe, expect, it } from 'vitest';
import { failureOf, rightsOf, reviewable } from './model';
import { dayOf } from './actions/dates';

describe('failureOf: the staff API answer a dialog explains', () => {
  it.each([
    [409, 'not_reviewable', 'conflict'],
    [409, 'already_decided', 'decided'],
    [409, 'consent_not_pending', 'closed'],
    [409, 'screening_outcome_required', 'screeningOutcomeRequired'],
    [409, 'screening_not_cleared', 'screeningNotCleared'],
    [409, 'no_screening_waiting', 'noScreeningWaiting'],
    [409, undefined, 'conflict'],
    [403, 'role_refused', 'refused'],
    [404, 'application_not_found', 'notFound'],
    [400, 'validation', 'invalid'],
    [500, undefined, 'unavailable'],
    [undefined, undefined, 'unavailable'],
  ] as const)('%s %s is %s', (status, code, failure) => {
    expect(failureOf(status, code)).toBe(failure);
  });
});

describe('rightsOf: docs/security.md#staff', () => {
  it('lets a supervisor read and annotate, never return or decide, and answer consent', () => {
    expect(rightsOf('supervisor')).toEqual({
      returnForChanges: false,
      decide: false,
      addNote: true,
      readConsent: true,
      decideConsent: true,
    });
  });
  it.each(['desk', 'office', 'exchange'] as const)('lets %s return, decide and annotate', (role) => {
    expect(rightsOf(role)).toMatchObject({ returnForChanges: true, decide: true, addNote: true });
  });
  it('lets the desk read every consent request without answering; office and exchange see none', () => {
    expect(rightsOf('desk')).toMatchObject({ readConsent: true, decideConsent: false });
    for (const role of ['office', 'exchange'] as const)
      expect(rightsOf(role)).toMatchObject({ readConsent: false, decideConsent: false });
  });
  it('offers return and decision only while the application is with the desk', () => {
    expect([...reviewable].sort()).toEqual(['resubmitted', 'submitted', 'underReview']);
  });
});

describe('dayOf: a due date typed in parts', () => {
  it('pads the month and day of a real date', () => {
    expect(dayOf({ year: '2027', month: '1', day: '20' })).toBe('2027-01-20');
  });
  it.each([
    { year: '2027', month: '2', day: '30' },
    { year: '2027', month: '13', day: '1' },
    { year: '27', month: '1', day: '20' },
    { year: '2027', month: '', day: '20' },
  ])('refuses %o', (parts) => {
    expect(dayOf(parts)).toBeUndefined();
  });
});
