import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { ENGINE_FREE } from './test/engineFree.ts';

for (const file of ENGINE_FREE)
  if (!existsSync(resolve(import.meta.dirname, file)))
    throw new Error(`test/engineFree.ts names ${file}, which is gone`);

// The provider's HTTP-level tests. Each file builds its own server on its own database: an in-memory PGlite,
// or a fresh schema of the PostgreSQL server named by DATABASE_URL (.ci/run does that once).
const postgres = Boolean(process.env.DATABASE_URL);
export default defineConfig({
  test: {
    name: 'api',
    root: import.meta.dirname,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/globalSetup.ts'],
    // Checks test/engineFree.ts on every PGlite run: a file listed there that opens a database fails.
    setupFiles: ['test/engineUse.ts'],
    // The Pact provider verification has its own configuration (npm run test:provider). On PostgreSQL, the files
    // that never open the engine (test/engineFree.ts) would only repeat the PGlite run.
    exclude: ['test/pact/**', '**/node_modules/**', ...(postgres ? ENGINE_FREE : [])],
    // One file per core, not Vitest's default of one less: most files wait on I/O, child processes and their
    // own servers' timers, and on two cores one worker left a core idle (docs/testing.md#the-api-suite). Not
    // while PG_RESTART_COMMAND is set: test/security/databaseRestart.test.ts restarts the cluster that every
    // other file's schema lives on, so it runs alone (npm run test:api:postgres runs it in a pass of its own).
    maxWorkers: process.env.PG_RESTART_COMMAND ? 1 : '100%',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
