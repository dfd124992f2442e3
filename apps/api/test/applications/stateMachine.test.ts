// The state machine of an application (apps/api/src/application/stateMachine.ts, docs/behaviour.md#applications):
// every transition of the table is allowed, every other is refused; what a submission, a withdrawal and a save
// do in each status follows from it; the database's unique index lists the same open statuses.
import { describe, expect, it } from 'vitest';
import {
  openStatuses,
  sectionChange,
  statuses,
  submission,
  transition,
  transitions,
  withdrawal,
  type Action,
  type Actor,
} from '../../src/application/stateMachine.ts';
import { migrations } from '../../src/platform/migrations.ts';

const actions: Action[] = ['submit', 'resubmit', 'withdraw', 'open', 'return', 'decide'];
const actors: Actor[] = ['applicant', 'desk'];

/** The table as docs/behaviour.md#applications draws it: from → action (by) → to. */
const expected = [
  'draft → submit (applicant) → submitted',
  'returned → resubmit (applicant) → resubmitted',
  'submitted → withdraw (applicant) → withdrawn',
  'underReview → withdraw (applicant) → withdrawn',
  'returned → withdraw (applicant) → withdrawn',
  'resubmitted → withdraw (applicant) → withdrawn',
  'submitted → open (desk) → underReview',
  'resubmitted → open (desk) → underReview',
  'underReview → return (desk) → returned',
  'underReview → decide (desk) → decided',
];

describe('the state machine of an application', () => {
  it('allows exactly the transitions of its table and refuses every other', () => {
    const allowed: string[] = [];
    for (const from of statuses)
      for (const action of actions)
        for (const by of actors) {
          const move = transition(from, action, by);
          if (move) allowed.push(`${from} → ${action} (${by}) → ${move.to}`);
        }
    expect(allowed.sort()).toEqual([...expected].sort());
    expect(transitions).toHaveLength(expected.length);
  });

  it('a decided or withdrawn application changes no more', () => {
    for (const from of ['decided', 'withdrawn'] as const)
      for (const action of actions)
        for (const by of actors) expect(transition(from, action, by)).toBeUndefined();
  });

  it('a submission submits a draft, resubmits a returned one, answers one with the desk as it is, refuses the rest', () => {
    expect(Object.fromEntries(statuses.map((status) => [status, submission(status)]))).toEqual({
      draft: 'submit',
      submitted: 'already',
      underReview: 'already',
      returned: 'resubmit',
      resubmitted: 'already',
      decided: 'refused',
      withdrawn: 'refused',
    });
  });

  it('a withdrawal withdraws what is with the desk, answers a withdrawn one as it is, refuses a draft and a decided one', () => {
    expect(Object.fromEntries(statuses.map((status) => [status, withdrawal(status)]))).toEqual({
      draft: 'refused',
      submitted: 'withdraw',
      underReview: 'withdraw',
      returned: 'withdraw',
      resubmitted: 'withdraw',
      decided: 'refused',
      withdrawn: 'already',
    });
  });

  it('a save: any section of a draft; a returned one’s reopened sections before the due date; nothing else', () => {
    const now = new Date('2027-01-10T00:00:00Z');
    const reopened = { sections: ['personal' as const], documentIds: [], dueAt: '2027-01-17T08:00:00.000Z' };
    for (const status of statuses) {
      const expectedChange = status === 'draft' ? 'allowed' : 'not_editable';
      expect(sectionChange(status, null, 'contact', now), status).toBe(expectedChange);
    }
    expect(sectionChange('returned', reopened, 'personal', now)).toBe('allowed');
    expect(sectionChange('returned', reopened, 'contact', now)).toBe('not_editable');
    expect(sectionChange('returned', reopened, 'personal', new Date('2027-01-17T07:59:59.999Z'))).toBe(
      'allowed',
    );
    expect(sectionChange('returned', reopened, 'personal', new Date('2027-01-17T08:00:00.000Z'))).toBe(
      'past_due',
    );
    expect(sectionChange('resubmitted', reopened, 'personal', now)).toBe('not_editable');
  });

  it('the open statuses are those of the unique index that allows one open application per kind and period', () => {
    const index = migrations
      .flatMap((migration) => migration.statements)
      .find((statement) => statement.includes('applications_one_open'))!;
    const listed = [...index.matchAll(/'(\w+)'/g)].map((match) => match[1]);
    expect(listed).toEqual([...openStatuses]);
  });
});
