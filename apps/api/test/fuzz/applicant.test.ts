// Fuzzing of the applicant operations of openapi.yaml (sessions, registration, password reset, e-mail change,
// password change): see ./suite.ts and docs/testing.md#fuzzing.
import { fuzzOperations, isApplicantOperation } from './suite.ts';

fuzzOperations('the applicant operations of openapi.yaml', isApplicantOperation);
