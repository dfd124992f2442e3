import type {
  ApplicationCertificateType,
  Country,
  Course,
  OptionGroup,
  Plan,
  RankedUniversity,
  SimpleItem,
  SupplementalMaterialRequire,
  SupplementalMaterialType,
  Teacher,
} from '@pre-admission/api';
import {
  documentsFor,
  offeredTeacher,
  planProblems,
  scholarshipStatusOptions,
  type Documents,
  type PlanField,
  type PlanLists,
} from '@pre-admission/rules';

/** The reference lists the planner reads (docs/behaviour.md#data), all from the app's one cache. */
export interface PlannerLists extends PlanLists {
  readonly programs: OptionGroup[];
  readonly teachers: Teacher[];
  readonly courses: Course[];
  readonly applicationCertificateTypes: ApplicationCertificateType[];
  readonly supplementalMaterialRequires: SupplementalMaterialRequire[];
  readonly supplementalMaterialTypes: SupplementalMaterialType[];
  readonly scholarshipTypes: SimpleItem[];
  readonly scholarshipStatuses: SimpleItem[];
  readonly scholarshipFinancialSupports: SimpleItem[];
  readonly countries: Country[];
  readonly rankedUniversities: RankedUniversity[];
}

export const listNames = [
  'programs',
  'teachers',
  'courses',
  'applicationCertificateTypes',
  'supplementalMaterialRequires',
  'supplementalMaterialTypes',
  'scholarshipTypes',
  'scholarshipStatuses',
  'scholarshipFinancialSupports',
  'countries',
  'rankedUniversities',
] as const satisfies ReadonlyArray<keyof PlannerLists>;

/** The seven tasks of docs/behaviour.md#planner, in order. */
export const taskNames = [
  'kind',
  'programme',
  'supervisor',
  'documents',
  'scholarship',
  'university',
  'summary',
] as const;
export type TaskName = (typeof taskNames)[number];

/** The tasks an application needs; scholarship and previous university are optional. */
export const requiredTasks: readonly TaskName[] = ['kind', 'programme', 'supervisor', 'documents'];

export type TaskStatus = 'notStarted' | 'inProgress' | 'completed';

export const emptyPlan: Plan = { readyCertificateIds: [], readyMaterialIds: [] };

/** The documents of the plan's supervisor's course for its kind of application; none before both are chosen. */
export function planDocuments(
  lists: PlannerLists,
  plan: Plan,
): Documents<ApplicationCertificateType, SupplementalMaterialRequire> {
  const teacher = offeredTeacher(lists, plan);
  if (!teacher || !plan.studentType) return { certificates: [], materials: [] };
  return documentsFor(
    lists.applicationCertificateTypes,
    lists.supplementalMaterialRequires,
    teacher.courseId,
    plan.studentType,
  );
}

/** The required documents not ticked yet, certificates then materials. */
export function missingDocuments(lists: PlannerLists, plan: Plan) {
  const { certificates, materials } = planDocuments(lists, plan);
  return {
    certificates: certificates.filter((c) => c.required && !plan.readyCertificateIds.includes(c.id)),
    materials: materials.filter((m) => m.required && !plan.readyMaterialIds.includes(m.id)),
  };
}

const status = (started: boolean, done: boolean): TaskStatus =>
  done ? 'completed' : started ? 'inProgress' : 'notStarted';

/**
 * docs/behaviour.md#planner: each task's status from the saved plan. Documents are complete when every required
 * one is ticked (a supervisor chosen); the scholarship when its type, status and financial support are chosen
 * (no status where the type offers none: privately financed);
 * the previous university when its country and university are; the summary when every required task is.
 */
export function taskStatuses(lists: PlannerLists, plan: Plan): Record<TaskName, TaskStatus> {
  const missing = missingDocuments(lists, plan);
  const ticked = plan.readyCertificateIds.length + plan.readyMaterialIds.length;
  const hasSupervisor = offeredTeacher(lists, plan) !== undefined;
  const statuses = {
    kind: status(false, plan.studentType !== undefined),
    programme: status(false, plan.programId !== undefined),
    supervisor: status(false, hasSupervisor),
    documents: status(
      ticked > 0,
      hasSupervisor && missing.certificates.length + missing.materials.length === 0,
    ),
    scholarship: status(
      plan.scholarshipTypeId !== undefined ||
        plan.scholarshipStatusId !== undefined ||
        plan.financialSupportId !== undefined,
      plan.scholarshipTypeId !== undefined &&
        (plan.scholarshipStatusId !== undefined ||
          scholarshipStatusOptions(lists.scholarshipStatuses, plan.scholarshipTypeId).length === 0) &&
        plan.financialSupportId !== undefined,
    ),
    university: status(plan.countryId !== undefined, plan.universityId !== undefined),
    summary: 'notStarted' as TaskStatus,
  };
  const done = requiredTasks.filter((task) => statuses[task] === 'completed').length;
  statuses.summary = status(done > 0, done === requiredTasks.length);
  return statuses;
}

/** The fields `prune` may clear: ticks are reported together as `documents`. */
export type ClearedField = 'programId' | 'teacherId' | 'documents' | 'scholarshipStatusId' | 'universityId';

const withoutField = (plan: Plan, field: PlanField): Plan =>
  field === 'readyCertificateIds' || field === 'readyMaterialIds'
    ? { ...plan, [field]: [] }
    : { ...plan, [field]: undefined };

/**
 * docs/behaviour.md#planner: after a change, clears every later choice the rules no longer offer (a supervisor
 * the new programme does not allow, the ticks of documents that are no longer the plan's, ...), with the fields
 * cleared, so the screen can say so. What is left is a plan `planProblems` accepts.
 */
export function prune(lists: PlannerLists, plan: Plan): { plan: Plan; cleared: ClearedField[] } {
  let current = plan;
  const cleared = new Set<ClearedField>();
  // Each round clears what the earlier choices refuse; clearing one can refuse the next (supervisor → ticks).
  for (let round = 0; round < 8; round++) {
    const problems = planProblems(lists, current);
    if (problems.length === 0) break;
    for (const { field } of problems) {
      current = withoutField(current, field);
      if (field === 'readyCertificateIds' || field === 'readyMaterialIds') cleared.add('documents');
      else if (
        field === 'programId' ||
        field === 'teacherId' ||
        field === 'scholarshipStatusId' ||
        field === 'universityId'
      )
        cleared.add(field);
    }
  }
  return { plan: stripUndefined(current), cleared: [...cleared] };
}

const sameValue = (a: unknown, b: unknown) => {
  if (!Array.isArray(a) || !Array.isArray(b)) return a === b;
  const sorted = [...(b as unknown[])].sort();
  return a.length === b.length && [...(a as unknown[])].sort().every((value, i) => value === sorted[i]);
};

/** The fields whose answers differ between two plans (ticked documents compared as sets). */
export function changedFields(a: Plan, b: Plan): PlanField[] {
  const fields = new Set([...Object.keys(a), ...Object.keys(b)] as PlanField[]);
  return [...fields].filter((field) => !sameValue(a[field], b[field]));
}

/** Whether two plans hold the same answers: a draft that went back to the saved plan is no draft. */
export const samePlan = (a: Plan, b: Plan): boolean => changedFields(a, b).length === 0;

/** The plan as JSON sends it: no key with an undefined value. */
export function stripUndefined(plan: Plan): Plan {
  return Object.fromEntries(Object.entries(plan).filter(([, value]) => value !== undefined)) as Plan;
}

/** docs/behaviour.md#planner: search text compared width- and case-insensitively (NFKC, then lower case). */
export function searchKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Whether a teacher's Japanese or English name contains the query (spaces inside a name ignored too). */
export function teacherMatches(teacher: Pick<Teacher, 'name' | 'nameEn'>, query: string): boolean {
  const key = searchKey(query);
  if (key === '') return true;
  const compact = key.replace(/ /g, '');
  return [teacher.name, teacher.nameEn].some((name) => {
    const candidate = searchKey(name);
    return candidate.includes(key) || candidate.replace(/ /g, '').includes(compact);
  });
}

/** Teachers grouped by their course (the graduate school), in the order of the course list, then by name. */
export function groupByCourse(teachers: readonly Teacher[], courses: readonly Course[]) {
  const order = new Map(courses.map((course, index) => [course.id, index]));
  const groups = new Map<number, Teacher[]>();
  for (const teacher of teachers)
    groups.set(teacher.courseId, [...(groups.get(teacher.courseId) ?? []), teacher]);
  return [...groups.entries()]
    .sort(
      ([a], [b]) =>
        (order.get(a) ?? Number.POSITIVE_INFINITY) - (order.get(b) ?? Number.POSITIVE_INFINITY) || a - b,
    )
    .map(([courseId, members]) => ({
      course: courses.find((course) => course.id === courseId),
      courseId,
      teachers: members.sort((x, y) => x.nameEn.localeCompare(y.nameEn, 'en') || x.id - y.id),
    }));
}
