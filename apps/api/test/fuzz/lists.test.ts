// Fuzzing of every other operation of openapi.yaml (reference lists, debug lists and mailbox, health): see
// ./suite.ts and docs/testing.md#fuzzing.
import { fuzzOperations, isApplicantOperation } from './suite.ts';

// The staff's operations (openapi.staff.yaml, docs/security.md#staff) are not fuzzed yet: their requests name a
// staff session and an invitation, which this harness's Refs do not make (issue 40's next step). Their routes and
// guards are checked by test/contractRoutes.test.ts, their attacks by test/security/staff*.test.ts.
fuzzOperations(
  'the reference-data, debug and health operations of openapi.yaml',
  (operation) => operation.document === 'applicant' && !isApplicantOperation(operation),
);
