import { applicationProblems, sectionOf, type FieldProblem } from './problems.ts';
import { documentSlots } from './slots.ts';
import {
  applicationSections,
  type ApplicationInput,
  type ApplicationLists,
  type ApplicationSection,
} from './types.ts';

export type SectionStatus = 'notStarted' | 'inProgress' | 'completed';

/** Problems grouped by section, every section present (an empty list when it has none), in order. */
export function problemsBySection(
  problems: readonly FieldProblem[],
): Record<ApplicationSection, FieldProblem[]> {
  const grouped = Object.fromEntries(applicationSections.map((section) => [section, [] as FieldProblem[]]));
  for (const problem of problems) grouped[sectionOf(problem)]?.push(problem);
  return grouped as Record<ApplicationSection, FieldProblem[]>;
}

/**
 * docs/behaviour.md#applications: what stops each section from being complete: the section's problems in
 * `submission` mode (what is wrong and what is missing).
 */
export const missingBySection = (lists: ApplicationLists, application: ApplicationInput, now: Date) =>
  problemsBySection(applicationProblems(lists, application, now, 'submission'));

const answered = (value: object | undefined): boolean =>
  value !== undefined &&
  Object.values(value).some((v) => v !== undefined && (typeof v !== 'object' || answered(v)));

/** Whether the applicant has given any answer in the section. */
function started({ answers, documents }: ApplicationInput, section: ApplicationSection): boolean {
  switch (section) {
    case 'education':
      return answers.education.entries.length > 0;
    case 'documents':
      return documents.length > 0;
    case 'declarations':
      return answers.declarations.informationTrue === true || answers.declarations.privacyAccepted === true;
    default:
      return answered(answers[section]);
  }
}

/**
 * docs/behaviour.md#applications: the task list's status of each section. `notStarted` before any answer,
 * `completed` when the section has no problem in `submission` mode, `inProgress` otherwise; each section
 * stands alone. The documents are not complete while the choices give no supervisor (the slots are not known
 * yet), and complete with nothing uploaded when no slot is required.
 */
export function sectionStatuses(
  lists: ApplicationLists,
  application: ApplicationInput,
  now: Date,
): Record<ApplicationSection, SectionStatus> {
  const problems = missingBySection(lists, application, now);
  const slotsKnown = documentSlots(lists, application.studentType, application.answers.choices) !== undefined;
  const status = (section: ApplicationSection): SectionStatus => {
    const done = problems[section].length === 0 && (section !== 'documents' || slotsKnown);
    if (done && (started(application, section) || section === 'documents')) return 'completed';
    return started(application, section) ? 'inProgress' : 'notStarted';
  };
  return Object.fromEntries(applicationSections.map((section) => [section, status(section)])) as Record<
    ApplicationSection,
    SectionStatus
  >;
}
