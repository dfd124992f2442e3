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
