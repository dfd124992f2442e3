// TRANSITIONAL (issue 38): the application rules the server needs before @pre-admission/rules has them. The
// `rules` branch is writing the shared ones (packages/rules/src/application/: section checks, missing fields,
// document slots, reference numbers, the plan's choices); once it is on main this file goes and its callers
// import those instead (the same names where they agree). Until then these are deliberately small: the
// checks the server must make to refuse what would break an application, no more.
import type { components } from '@pre-admission/api/schema';
import {
  documentsFor,
  planProblems,
  universitiesOf,
  type PlanChoices,
  type PlanLists,
} from '@pre-admission/rules';
import type { FieldError } from '../platform/contract.ts';

type Schemas = components['schemas'];
export type ApplicationAnswers = Schemas['ApplicationAnswers'];
export type ApplicationAnswersPatch = Schemas['ApplicationAnswersPatch'];
export type ApplicationChoices = Schemas['ApplicationChoices'];
export type StudentType = Schemas['StudentType'];
export type Plan = Schemas['Plan'];
export type DocumentSlotKind = Schemas['DocumentSlotKind'];

interface Identified {
  readonly id: number;
}

/** The reference lists the application's rules read (the reference_lists table, by these names). */
export interface ApplicationLists extends PlanLists {
  readonly educationSystems: readonly Identified[];
  readonly educationTypes: readonly Identified[];
  readonly educationCertificateCategories: readonly Identified[];
  readonly educationCertificateTypes: readonly Identified[];
}

export const applicationListNames = [
  'programs',
  'teachers',
  'applicationCertificateTypes',
  'supplementalMaterialRequires',
  'scholarshipTypes',
  'scholarshipStatuses',
  'scholarshipFinancialSupports',
  'countries',
  'rankedUniversities',
  'educationSystems',
  'educationTypes',
  'educationCertificateCategories',
  'educationCertificateTypes',
] as const satisfies readonly (keyof ApplicationLists)[];

const choiceFields = [
  'programId',
  'teacherId',
  'scholarshipTypeId',
  'scholarshipStatusId',
  'financialSupportId',
] as const satisfies readonly (keyof ApplicationChoices)[];

/**
 * The plan's choices that become a new draft's first answers: only from a plan of the same kind, and only the
 * ones the rules still offer (a supervisor hidden since the plan was saved is left for the applicant to choose).
 */
export function choicesFromPlan(lists: PlanLists, plan: Plan, studentType: StudentType): ApplicationChoices {
  if (plan.studentType !== studentType) return {};
  const refused = new Set(
    planProblems(lists, { ...plan, readyCertificateIds: [], readyMaterialIds: [] }).map((p) => p.field),
  );
  const choices: ApplicationChoices = {};
  for (const field of choiceFields) {
    const value = plan[field];
    if (value !== undefined && !refused.has(field)) choices[field] = value;
  }
  // A supervisor is offered for the programme only: without it, not either.
  if (choices.programId === undefined) delete choices.teacherId;
  return choices;
}

const has = (list: readonly Identified[], id: number) => list.some((item) => item.id === id);

/** Today in Japan, `YYYY-MM-DD` (dates of birth and months attended are Japan's calendar days). */
const japanDate = (now: Date) => new Date(now.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * What a saved section breaks: each field's path (`personal.dateOfBirth`, `education.entries.0.to`) and code.
 * Only what is present is checked; what is missing is the submission's to refuse (submissionProblems).
 */
export function answerProblems(
  lists: ApplicationLists,
  studentType: StudentType,
  patch: ApplicationAnswersPatch,
  now: Date,
): FieldError[] {
  const problems: FieldError[] = [];
  const refuse = (field: string, code: string) => problems.push({ field, code });
  const today = japanDate(now);

  if (patch.choices) {
    const plan: PlanChoices = {
      ...patch.choices,
      studentType,
      readyCertificateIds: [],
      readyMaterialIds: [],
    };
    for (const { field } of planProblems(lists, plan)) refuse(`choices.${field}`, 'not_offered');
  }
  const { personal, contact, education } = patch;
  if (personal) {
    if (
      personal.dateOfBirth !== undefined &&
      (personal.dateOfBirth > today || personal.dateOfBirth < '1900-01-01')
    )
      refuse('personal.dateOfBirth', 'out_of_range');
    if (personal.nationalityId !== undefined && !has(lists.countries, personal.nationalityId))
      refuse('personal.nationalityId', 'not_offered');
    if (personal.residenceCountryId !== undefined && !has(lists.countries, personal.residenceCountryId))
      refuse('personal.residenceCountryId', 'not_offered');
  }
  if (contact?.address?.countryId !== undefined && !has(lists.countries, contact.address.countryId))
    refuse('contact.address.countryId', 'not_offered');
  education?.entries.forEach((entry, index) => {
    const at = `education.entries.${index}`;
    if (entry.countryId !== undefined && !has(lists.countries, entry.countryId))
      refuse(`${at}.countryId`, 'not_offered');
    if (
      entry.universityId !== undefined &&
      (entry.countryId === undefined ||
        !has(universitiesOf(lists.rankedUniversities, entry.countryId), entry.universityId))
    )
      refuse(`${at}.universityId`, 'not_offered');
    const lookups = [
      ['educationSystemId', lists.educationSystems],
      ['educationTypeId', lists.educationTypes],
      ['certificateCategoryId', lists.educationCertificateCategories],
      ['certificateTypeId', lists.educationCertificateTypes],
    ] as const;
    for (const [field, list] of lookups) {
      const id = entry[field];
      if (id !== undefined && !has(list, id)) refuse(`${at}.${field}`, 'not_offered');
    }
    if (entry.from !== undefined && entry.from > today.slice(0, 7)) refuse(`${at}.from`, 'in_future');
    if (entry.from !== undefined && entry.to !== undefined && entry.to < entry.from)
      refuse(`${at}.to`, 'before_start');
  });
  return problems;
}

/** One document slot: a certificate type or a material requirement of the course and kind. */
export interface DocumentSlot {
  readonly kind: DocumentSlotKind;
  readonly typeId: number;
  readonly required: boolean;
}

/** The document slots of an application: those of its supervisor's course and its kind (documentsFor). */
export function documentSlots(
  lists: PlanLists,
  studentType: StudentType,
  choices: ApplicationChoices,
): DocumentSlot[] {
  const teacher =
    choices.programId !== undefined && choices.teacherId !== undefined
      ? lists.teachers.find((t) => t.id === choices.teacherId)
      : undefined;
  if (!teacher) return [];
  const { certificates, materials } = documentsFor(
    lists.applicationCertificateTypes,
    lists.supplementalMaterialRequires,
    teacher.courseId,
    studentType,
  );
  return [
    ...certificates.map((c) => ({ kind: 'certificate' as const, typeId: c.id, required: c.required })),
    ...materials.map((m) => ({ kind: 'material' as const, typeId: m.id, required: m.required })),
  ];
}

/** What a submission refuses: every rule answerProblems checks, then every answer and document missing. */
export function submissionProblems(
  lists: ApplicationLists,
  studentType: StudentType,
  answers: ApplicationAnswers,
  documents: readonly { slotKind: DocumentSlotKind; slotTypeId: number }[],
  now: Date,
): FieldError[] {
  const problems = answerProblems(lists, studentType, answers, now);
  const require = (field: string, present: unknown) => {
    if (present === undefined || present === false) problems.push({ field, code: 'required' });
  };
  const { choices, personal, contact, education, declarations } = answers;
  require('choices.programId', choices.programId);
  require('choices.teacherId', choices.teacherId);
  require('choices.scholarshipTypeId', choices.scholarshipTypeId);
  require('personal.familyName', personal.familyName);
  require('personal.dateOfBirth', personal.dateOfBirth);
  require('personal.nationalityId', personal.nationalityId);
  require('personal.residenceCountryId', personal.residenceCountryId);
  require('contact.address.line1', contact.address?.line1);
  require('contact.address.city', contact.address?.city);
  require('contact.address.countryId', contact.address?.countryId);
  require('contact.telephone', contact.telephone);
  if (education.entries.length === 0) problems.push({ field: 'education.entries', code: 'required' });
  education.entries.forEach((entry, index) => {
    const at = `education.entries.${index}`;
    require(`${at}.countryId`, entry.countryId);
    require(`${at}.institutionName`, entry.universityId ?? entry.institutionName);
    require(`${at}.educationTypeId`, entry.educationTypeId);
    require(`${at}.from`, entry.from);
  });
  require('declarations.informationTrue', declarations.informationTrue || undefined);
  require('declarations.privacyAccepted', declarations.privacyAccepted || undefined);
  for (const slot of documentSlots(lists, studentType, choices))
    if (slot.required && !documents.some((d) => d.slotKind === slot.kind && d.slotTypeId === slot.typeId))
      problems.push({ field: `documents.${slot.kind}.${slot.typeId}`, code: 'required' });
  return problems;
}

/** Crockford's base 32: no I, L, O or U (openapi.yaml Reference). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const kindLetter: Record<StudentType, string> = {
  researchStudent: 'R',
  master: 'M',
  doctoral: 'D',
  exchange: 'X',
};

/**
 * A reference number (openapi.yaml Reference): the kind's letter, the period's year of entry in two digits,
 * seven random characters of Crockford's base 32 and a check character (their values weighted by the odd
 * numbers 1 to 13, modulo 32, so any one character misread changes it). `random` gives 7 values of 0 to 31.
 */
export function newReference(studentType: StudentType, entryYear: number, random: readonly number[]): string {
  const values = random.slice(0, 7).map((value) => value & 31);
  const check = values.reduce((sum, value, index) => sum + value * (2 * index + 1), 0) % 32;
  const chars = [...values, check].map((value) => CROCKFORD[value]).join('');
  const year = String(entryYear % 100).padStart(2, '0');
  return `${kindLetter[studentType]}${year}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}
