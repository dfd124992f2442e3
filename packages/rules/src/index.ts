export { documentsFor, type CertificateTypeFields, type Documents } from './documents';
export {
  offeredTeacher,
  planProblems,
  type PlanChoices,
  type PlanField,
  type PlanLists,
  type PlanProblem,
} from './plan';
export { programmeOptions } from './programmes';
export { scholarshipStatusOptions } from './scholarshipStatuses';
export { teachersForProgram } from './teachers';
export { latestYearType, universitiesOf } from './universities';
