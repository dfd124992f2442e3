// Fuzzing of every other operation of openapi.yaml (reference lists, debug lists and mailbox, health): see
// ./suite.ts and docs/testing.md#fuzzing.
import { fuzzOperations, isApplicantOperation } from './suite.ts';

fuzzOperations(
  'the reference-data, debug and health operations of openapi.yaml',
  (operation) => !isApplicantOperation(operation),
);
