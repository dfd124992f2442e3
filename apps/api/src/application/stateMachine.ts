// The states of an application and who may move it between them, written once, as data
// (docs/behaviour.md#applications has the diagram). The server's checks read this table; a test walks every
// transition and refuses every other (test/applications/stateMachine.test.ts). The desk's transitions are
// listed too: the desk's own screens are not built yet, but the provider states and the tests move
// applications along them, and they decide what the applicant may do next.
import type { components } from '@pre-admission/api/schema';

export type ApplicationStatus = components['schemas']['ApplicationStatus'];
export type ApplicationSection = components['schemas']['ApplicationSection'];

/** Who makes a change: the applicant (the operations of openapi.yaml) or the desk. */
export type Actor = 'applicant' | 'desk';

/** What a change is called, as the audit log and the docs name it. */
export type Action = 'submit' | 'resubmit' | 'withdraw' | 'open' | 'return' | 'decide';

export interface Transition {
  readonly from: ApplicationStatus;
  readonly to: ApplicationStatus;
  readonly action: Action;
  readonly by: Actor;
}

/**
 * Every allowed change of status. Discarding a draft is no change of status: the draft is deleted
 * (discardApplication), and a decided or withdrawn application changes no more.
 */
export const transitions: readonly Transition[] = [
  { from: 'draft', to: 'submitted', action: 'submit', by: 'applicant' },
  { from: 'returned', to: 'resubmitted', action: 'resubmit', by: 'applicant' },
  { from: 'submitted', to: 'withdrawn', action: 'withdraw', by: 'applicant' },
  { from: 'underReview', to: 'withdrawn', action: 'withdraw', by: 'applicant' },
  { from: 'returned', to: 'withdrawn', action: 'withdraw', by: 'applicant' },
  { from: 'resubmitted', to: 'withdrawn', action: 'withdraw', by: 'applicant' },
  { from: 'submitted', to: 'underReview', action: 'open', by: 'desk' },
  { from: 'resubmitted', to: 'underReview', action: 'open', by: 'desk' },
  { from: 'underReview', to: 'returned', action: 'return', by: 'desk' },
  { from: 'underReview', to: 'decided', action: 'decide', by: 'desk' },
];

export const statuses: readonly ApplicationStatus[] = [
  'draft',
  'submitted',
  'underReview',
  'returned',
  'resubmitted',
  'decided',
  'withdrawn',
];

/**
 * The statuses of an application that is with the desk: at most one of them per account, kind and period
 * (the unique index applications_one_open, platform/migrations.ts, lists the same four).
 */
export const openStatuses: readonly ApplicationStatus[] = [
  'submitted',
  'underReview',
  'returned',
  'resubmitted',
];

/** The transition of `action` from `from` by `by`, or undefined when the table has none. */
export function transition(from: ApplicationStatus, action: Action, by: Actor): Transition | undefined {
  return transitions.find((t) => t.from === from && t.action === action && t.by === by);
}

/**
 * What a submission (submitApplication) does with an application in each status: submit a draft, resubmit
 * one returned for changes, answer an application already with the desk as it is (a double click, a second
 * tab, a retry after a timeout: nothing is sent again), and refuse a decided or withdrawn one.
 */
export function submission(status: ApplicationStatus): 'submit' | 'resubmit' | 'already' | 'refused' {
  if (transition(status, 'submit', 'applicant')) return 'submit';
  if (transition(status, 'resubmit', 'applicant')) return 'resubmit';
  if (status === 'submitted' || status === 'underReview' || status === 'resubmitted') return 'already';
  return 'refused';
}

/** What a withdrawal does: withdraw, answer a withdrawn application as it is, or refuse. */
export function withdrawal(status: ApplicationStatus): 'withdraw' | 'already' | 'refused' {
  if (transition(status, 'withdraw', 'applicant')) return 'withdraw';
  return status === 'withdrawn' ? 'already' : 'refused';
}

/** What the applicant may still change in an application returned for changes, and until when. */
export interface ReopenedParts {
  readonly sections: readonly ApplicationSection[];
  readonly documentIds: readonly string[];
  readonly dueAt: string;
}

/**
 * Whether the applicant may save a section now: any section of a draft; in an application returned for
 * changes, the sections the desk reopened, until their due date (`past_due` after it); nothing else
 * (`not_editable`).
 */
export function sectionChange(
  status: ApplicationStatus,
  reopened: ReopenedParts | null | undefined,
  section: ApplicationSection,
  now: Date,
): 'allowed' | 'not_editable' | 'past_due' {
  if (status === 'draft') return 'allowed';
  if (status !== 'returned' || !reopened || !reopened.sections.includes(section)) return 'not_editable';
  return now.getTime() < Date.parse(reopened.dueAt) ? 'allowed' : 'past_due';
}
