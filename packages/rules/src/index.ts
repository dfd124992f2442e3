export { documentsFor, type CertificateTypeFields, type Documents } from './documents.ts';
export {
  offeredTeacher,
  planProblems,
  type PlanChoices,
  type PlanField,
  type PlanLists,
  type PlanProblem,
} from './plan.ts';
export { programmeOptions } from './programmes.ts';
export { scholarshipStatusOptions } from './scholarshipStatuses.ts';
export { teachersForProgram } from './teachers.ts';
export { latestYearType, universitiesOf } from './universities.ts';
export {
  commonPasswordRefusal,
  emailWords,
  siteWords,
  type PasswordContext,
  type PasswordRefusal,
} from './passwordRefusal.ts';
export {
  applicationSections,
  type ApplicationAnswersInput,
  type ApplicationInput,
  type ApplicationLists,
  type ApplicationSection,
  type ChoicesAnswers,
  type ContactAnswers,
  type CountryDetailFields,
  type DeclarationsAnswers,
  type DocumentInSlot,
  type EducationAnswers,
  type EducationEntryAnswers,
  type PersonalAnswers,
  type PostalAddressAnswers,
  type SlotKind,
  type YearMonth,
} from './application/types.ts';
export {
  answerProblems,
  applicationProblems,
  isLatinName,
  isValidTelephone,
  minimumAge,
  sectionOf,
  submissionProblems,
  type ApplicationFieldCode,
  type FieldProblem,
} from './application/problems.ts';
export {
  missingBySection,
  problemsBySection,
  sectionStatuses,
  type SectionStatus,
} from './application/sections.ts';
export { documentSlots, slotField, type DocumentSlot } from './application/slots.ts';
export {
  defaultYearsOfSchooling,
  requiredSchoolingYears,
  schooling,
  schoolingYears,
  tertiaryEducationTypeIds,
  type Schooling,
} from './application/schooling.ts';
export {
  closingSoon,
  closingSoonMs,
  nextPeriodChange,
  nextPeriodFor,
  openPeriodFor,
  periodState,
  timeLeft,
  type PeriodState,
  type PeriodTimes,
  type ProgrammePeriod,
  type TimeLeft,
} from './application/periods.ts';
export {
  crockford,
  newReference,
  readReference,
  referenceRandomBytes,
  type ReadReference,
} from './application/reference.ts';
export { choicesFromPlan } from './application/choices.ts';
