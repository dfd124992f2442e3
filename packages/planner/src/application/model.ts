import type { Application } from '@pre-admission/api';
import type { ApplicationSection } from '@pre-admission/rules';

/** The sections of an application, in the task list's order (openapi.yaml `ApplicationSection`). */
export const sectionNames = [
  'choices',
  'personal',
  'contact',
  'education',
  'documents',
  'declarations',
] as const satisfies readonly ApplicationSection[];
export type SectionName = (typeof sectionNames)[number];

/** The sections saved with `saveApplicationAnswers` (the documents are uploaded one file at a time). */
export type AnswerSection = Exclude<SectionName, 'documents'>;
export const answerSections = sectionNames.filter(
  (section): section is AnswerSection => section !== 'documents',
);

/**
 * The pages of one application (docs/behaviour.md#routes): each section, the supervisor's consent (a task of
 * its own, not a section: shown where the programme option requires it), then "Check your answers" and the
 * receipt, each the last segment of `/applications/{applicationId}/{page}`.
 */
export const pageNames = [...sectionNames, 'consent', 'check', 'receipt'] as const;
export type PageName = (typeof pageNames)[number];

export const isPageName = (value: string): value is PageName =>
  (pageNames as readonly string[]).includes(value);

/**
 * An application's id (openapi.yaml `OpaqueId`: 22 characters of base64url). The planner's task names are
 * short lower-case words, so `/applications/{x}` is a task when x is one of them and an application when it
 * has this form (docs/behaviour.md#routes).
 */
export const isApplicationId = (value: string): boolean => /^[A-Za-z0-9_-]{22}$/.test(value);

/** Save and continue goes to the next section; after the last, to "Check your answers". */
export function nextPage(section: SectionName): PageName {
  const index = sectionNames.indexOf(section);
  return sectionNames[index + 1] ?? 'check';
}

/** The id of a field's input on its section's page: the error summary's target (`personal.dateOfBirth` → `application-personal-dateOfBirth`). */
export const fieldId = (path: string): string => `application-${path.replace(/\./g, '-')}`;

/** Whether an application can be changed by its applicant: a draft, or the sections a return reopened. */
export function editable(
  application: Pick<Application, 'status' | 'reopened'>,
  section: SectionName,
): boolean {
  if (application.status === 'draft') return true;
  return application.status === 'returned' && (application.reopened?.sections ?? []).includes(section);
}

/** The answers of one section as JSON sends them: no key with an undefined value, no empty object member. */
export function compact<Value>(value: Value): Value {
  if (Array.isArray(value)) return value.map(compact) as Value;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, member]) => member !== undefined && member !== '')
      .map(([key, member]) => [key, compact(member)] as const)
      .filter(
        ([, member]) =>
          !(
            member &&
            typeof member === 'object' &&
            !Array.isArray(member) &&
            Object.keys(member).length === 0
          ),
      );
    return Object.fromEntries(entries) as Value;
  }
  return value;
}
