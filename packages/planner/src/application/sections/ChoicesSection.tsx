import type { Dispatch, SetStateAction } from 'react';
import { useIntl } from 'react-intl';
import type { Plan, StudentType } from '@pre-admission/api';
import type { ChoicesAnswers, PlanField } from '@pre-admission/rules';
import { ClearingWarning } from '../../ClearingWarning';
import { prune } from '../../model';
import * as styles from '../../Planner.css';
import { SummaryLink } from '../../TaskPage';
import { ProgrammeTask } from '../../tasks/ProgrammeTask';
import { ScholarshipTask } from '../../tasks/ScholarshipTask';
import { SupervisorTask } from '../../tasks/SupervisorTask';
import type { SectionProps } from './types';

export interface ChoicesSectionProps extends SectionProps<ChoicesAnswers> {
  /** The application's kind: fixed once it is started (openapi.yaml ApplicationChoices). */
  studentType: StudentType;
  /** The choices as saved: what a change would clear is said against them. */
  saved: ChoicesAnswers;
  /** The errors of the last save by field path (`choices.programId`). */
  errors: Readonly<Record<string, string>>;
}

export const choiceFields = [
  'programId',
  'teacherId',
  'scholarshipTypeId',
  'scholarshipStatusId',
  'financialSupportId',
] as const satisfies ReadonlyArray<keyof ChoicesAnswers & PlanField>;

/** The plan's shape of an application's choices, so that the plan's own questions ask them. */
export const planOf = (studentType: StudentType, choices: ChoicesAnswers): Plan =>
  ({ ...choices, studentType, readyCertificateIds: [], readyMaterialIds: [] }) as Plan;

const choicesOf = (plan: Plan): ChoicesAnswers =>
  Object.fromEntries(choiceFields.map((field) => [field, plan[field]]));

/**
 * The first section: the programme, the prospective supervisor and the scholarship, asked with the plan's own
 * questions (the same lists, search and rules: docs/behaviour.md#planner), for the application's kind, which is
 * shown and cannot change. A programme that does not allow the chosen supervisor says, before saving, that the
 * supervisor will be removed, as in the plan.
 */
export function ChoicesSection({
  lists,
  answers,
  onChange,
  locale,
  studentType,
  saved,
  errors,
}: ChoicesSectionProps) {
  const intl = useIntl();
  const draft = planOf(studentType, answers);
  const setDraft: Dispatch<SetStateAction<Plan>> = (next) =>
    onChange(choicesOf(typeof next === 'function' ? next(draft) : next));
  const fieldErrors: Partial<Record<PlanField, string>> = Object.fromEntries(
    choiceFields.flatMap((field) => {
      const message = errors[`choices.${field}`];
      return message ? [[field, message]] : [];
    }),
  );
  const taskProps = { lists, draft, setDraft, fieldErrors, locale, embedded: true };
  const changed = choiceFields.some((field) => answers[field] !== saved[field]);
  const clearing = changed ? prune(lists, draft).cleared.filter((field) => field !== 'documents') : [];
  return (
    <>
      {choiceFields.map((field) => (
        <SummaryLink key={field} field={field} name={`choices.${field}`} />
      ))}
      <p className={styles.text}>
        {intl.formatMessage(
          { id: 'planner.application.choices.kind' },
          { kind: intl.formatMessage({ id: `planner.kind.${studentType}` }) },
        )}
      </p>
      <ProgrammeTask {...taskProps} />
      <SupervisorTask {...taskProps} />
      <h2 className={styles.sectionHeading}>
        {intl.formatMessage({ id: 'planner.application.choices.scholarship' })}
      </h2>
      <ScholarshipTask {...taskProps} />
      <div role="status">
        {clearing.length > 0 && <ClearingWarning lists={lists} draft={draft} cleared={clearing} />}
      </div>
    </>
  );
}

/** The choices as they will be saved: later ones the earlier no longer allow are cleared (as the plan's are). */
export function prunedChoices(
  lists: SectionProps<ChoicesAnswers>['lists'],
  studentType: StudentType,
  choices: ChoicesAnswers,
): ChoicesAnswers {
  return choicesOf(prune(lists, planOf(studentType, choices)).plan);
}
