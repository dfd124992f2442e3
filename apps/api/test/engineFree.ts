/**
 * The api test files that never open a database in their own process and start no server on the run's engine
 * (their child servers run on PGlite whatever the run: test/serverProcess.ts unsets DATABASE_URL). The
 * PostgreSQL pass of .ci/run skips them (apps/api/vitest.config.ts): there they would only run again what
 * the PGlite pass ran. test/engineUse.ts checks this list on every PGlite run, so a file that starts using
 * the database while listed here fails instead of slipping out of the PostgreSQL pass.
 */
export const ENGINE_FREE: readonly string[] = [
  'test/applications/stateMachine.test.ts',
  'test/files/displayNames.test.ts',
  'test/limitsDoc.test.ts',
  // Its servers are child processes (serverProcess.ts); PGlite is what it starts, on either run.
  'test/process.test.ts',
  'test/seed.test.ts',
  'test/settingsDoc.test.ts',
  'test/startLines.test.ts',
  'test/totp.test.ts',
  'test/webPages.test.ts',
];
