import { offeredTeacher, type PlanChoices, type PlanLists } from '../plan.ts';
import { programmeOptions } from '../programmes.ts';
import { scholarshipStatusOptions } from '../scholarshipStatuses.ts';
import type { StudentType } from '../types.ts';
import type { ChoicesAnswers } from './types.ts';

/**
 * docs/behaviour.md#applications: a new application's first answers, from the plan: nothing unless the plan is
 * of the same kind; then its programme if the kind still offers it, its supervisor if that programme still
 * offers them, its scholarship type, status (if offered for the type) and financial support if still listed.
 * A choice no longer offered is left out, so a new draft never starts with a `not_offered` answer.
 */
export function choicesFromPlan(
  lists: Pick<
    PlanLists,
    'programs' | 'teachers' | 'scholarshipTypes' | 'scholarshipStatuses' | 'scholarshipFinancialSupports'
  >,
  plan: Pick<
    PlanChoices,
    | 'studentType'
    | 'programId'
    | 'teacherId'
    | 'scholarshipTypeId'
    | 'scholarshipStatusId'
    | 'financialSupportId'
  >,
  studentType: StudentType,
): ChoicesAnswers {
  if (plan.studentType !== studentType) return {};
  const has = (list: readonly { id: number }[], id: number | undefined) =>
    id !== undefined && list.some((item) => item.id === id);
  const choices: { -readonly [Key in keyof ChoicesAnswers]: ChoicesAnswers[Key] } = {};
  if (has(programmeOptions(lists.programs, studentType), plan.programId)) {
    choices.programId = plan.programId;
    const teacher = offeredTeacher(lists, { ...plan, readyCertificateIds: [], readyMaterialIds: [] });
    if (teacher) choices.teacherId = teacher.id;
  }
  if (has(lists.scholarshipTypes, plan.scholarshipTypeId)) {
    choices.scholarshipTypeId = plan.scholarshipTypeId;
    if (
      has(
        scholarshipStatusOptions(lists.scholarshipStatuses, plan.scholarshipTypeId),
        plan.scholarshipStatusId,
      )
    )
      choices.scholarshipStatusId = plan.scholarshipStatusId;
  }
  if (has(lists.scholarshipFinancialSupports, plan.financialSupportId))
    choices.financialSupportId = plan.financialSupportId;
  return choices;
}
