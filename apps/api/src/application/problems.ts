// The refusals of the application operations (openapi.yaml NoSessionOrApplication, ApplicationConflict).
import { HttpProblem } from '../platform/problem.ts';

/** The `code`s of a 409 application-conflict; nothing was changed (openapi.yaml ApplicationConflict). */
export type ConflictCode =
  | 'draft_exists'
  | 'not_editable'
  | 'period_closed'
  | 'no_period'
  | 'already_open'
  | 'not_withdrawable'
  | 'past_due'
  /** The programme option requires the supervisor's consent, and none naming the chosen one is accepted. */
  | 'consent_required';

export const applicationProblems = {
  /** No such application for this account: another account's id answers exactly this (docs/security.md#applications). */
  notFound: () =>
    new HttpProblem(404, 'not-found', 'The application was not found.', { code: 'application_not_found' }),
  conflict: (code: ConflictCode, applicationId?: string) =>
    new HttpProblem(409, 'application-conflict', 'The application cannot be changed in its present state.', {
      code,
      ...(applicationId ? { applicationId } : {}),
    }),
};
