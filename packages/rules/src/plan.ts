import { documentsFor, type CertificateTypeFields } from './documents.ts';
import { programmeOptions } from './programmes.ts';
import { scholarshipStatusOptions } from './scholarshipStatuses.ts';
import { teachersForProgram } from './teachers.ts';
import type {
  OptionGroup,
  RankedUniversity,
  StudentType,
  SupplementalMaterialRequire,
  Teacher,
} from './types.ts';
import { universitiesOf } from './universities.ts';

/** An applicant's pre-application plan (docs/behaviour.md#rules): every choice optional, ticks as id lists. */
export interface PlanChoices {
  readonly studentType?: StudentType;
  readonly programId?: number;
  readonly teacherId?: number;
  readonly readyCertificateIds: readonly number[];
  readonly readyMaterialIds: readonly number[];
  readonly scholarshipTypeId?: number;
  readonly scholarshipStatusId?: number;
  readonly financialSupportId?: number;
  readonly countryId?: number;
  readonly universityId?: number;
}

interface Identified {
  readonly id: number;
}

/** The reference lists a plan is checked against (the lists of docs/behaviour.md#data of the same names). */
export interface PlanLists {
  readonly programs: readonly OptionGroup[];
  readonly teachers: readonly Teacher[];
  readonly applicationCertificateTypes: readonly CertificateTypeFields[];
  readonly supplementalMaterialRequires: readonly SupplementalMaterialRequire[];
  readonly scholarshipTypes: readonly Identified[];
  readonly scholarshipStatuses: readonly Identified[];
  readonly scholarshipFinancialSupports: readonly Identified[];
  readonly countries: readonly Identified[];
  readonly rankedUniversities: readonly RankedUniversity[];
}

export type PlanField = keyof PlanChoices;

/** `not_offered`: the value is none of those the rules offer after the plan's earlier choices. */
export interface PlanProblem {
  readonly field: PlanField;
  readonly code: 'not_offered';
}

/** The supervisor a plan may keep for its programme, or undefined (none chosen, or not offered). */
export function offeredTeacher(lists: Pick<PlanLists, 'teachers'>, plan: PlanChoices): Teacher | undefined {
  if (plan.programId === undefined || plan.teacherId === undefined) return undefined;
  return teachersForProgram(lists.teachers, plan.programId).find((t) => t.id === plan.teacherId);
}

/**
 * docs/behaviour.md#rules: each field of a plan that breaks the rules, in the order of the planner's tasks. A
 * choice is checked against what the earlier choices offer: the programme against the kind of application, the
 * supervisor against the programme, the ticked documents against the supervisor's course and the kind of
 * application, the scholarship status against the scholarship type, the university against the country.
 */
export function planProblems(lists: PlanLists, plan: PlanChoices): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const refuse = (field: PlanField) => problems.push({ field, code: 'not_offered' });
  const has = (list: readonly Identified[], id: number) => list.some((item) => item.id === id);

  if (plan.programId !== undefined) {
    const offered = plan.studentType ? programmeOptions(lists.programs, plan.studentType) : [];
    if (!has(offered, plan.programId)) refuse('programId');
  }
  const teacher = offeredTeacher(lists, plan);
  if (plan.teacherId !== undefined && !teacher) refuse('teacherId');

  const documents =
    teacher && plan.studentType
      ? documentsFor(
          lists.applicationCertificateTypes,
          lists.supplementalMaterialRequires,
          teacher.courseId,
          plan.studentType,
        )
      : { certificates: [], materials: [] };
  if (!plan.readyCertificateIds.every((id) => has(documents.certificates, id))) refuse('readyCertificateIds');
  if (!plan.readyMaterialIds.every((id) => has(documents.materials, id))) refuse('readyMaterialIds');

  if (plan.scholarshipTypeId !== undefined && !has(lists.scholarshipTypes, plan.scholarshipTypeId))
    refuse('scholarshipTypeId');
  if (
    plan.scholarshipStatusId !== undefined &&
    !has(
      scholarshipStatusOptions(lists.scholarshipStatuses, plan.scholarshipTypeId),
      plan.scholarshipStatusId,
    )
  )
    refuse('scholarshipStatusId');
  if (
    plan.financialSupportId !== undefined &&
    !has(lists.scholarshipFinancialSupports, plan.financialSupportId)
  )
    refuse('financialSupportId');

  if (plan.countryId !== undefined && !has(lists.countries, plan.countryId)) refuse('countryId');
  if (
    plan.universityId !== undefined &&
    (plan.countryId === undefined ||
      !has(universitiesOf(lists.rankedUniversities, plan.countryId), plan.universityId))
  )
    refuse('universityId');
  return problems;
}
