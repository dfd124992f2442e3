import { defineConfig } from 'vitest/config';

/**
 * The contract tests, kept out of the 'unit' project: Pact starts native mock servers and writes files.
 * `npm run test:consumer` runs 'pact-consumer' (the adapter against Pact mock servers, writing the pact to
 * a fresh output folder), then, once it is done, 'pact-contract' (the output equals the committed pacts/,
 * and every interaction agrees with openapi.yaml).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'pact-consumer',
          root: import.meta.dirname,
          environment: 'node',
          include: ['**/*.pact.test.ts'],
          globalSetup: ['./support/consumerSetup.ts'],
          // One pact file for every test file: write it from one file at a time.
          fileParallelism: false,
          // Not 0: Vitest runs sequential projects of group 0 last.
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'pact-contract',
          root: import.meta.dirname,
          environment: 'node',
          include: ['**/*.contract.test.ts'],
          // After the consumer tests: the freshness check reads what they wrote.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
