import { defineConfig } from 'vitest/config';

/**
 * The end-to-end gates (`npm run test:e2e`): the journeys, the edges and the axe sweep in Debian's Chromium
 * against the real server, and the sign-in budget. Not part of the root 'unit' project. One build, one
 * server and one browser per run (globalSetup); files run one after another, since they share the server's
 * clock and the machine has two cores.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.test.ts', 'tests/budget/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/harness/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
