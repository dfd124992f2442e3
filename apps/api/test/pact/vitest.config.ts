import { defineConfig } from 'vitest/config';

// `npm run test:provider`: the Pact verification of pacts/ against the reference provider, and the check that
// pacts/README.md lists the provider states the pact uses (statesDoc.test.ts). Its own config
// (and a *.pact.ts name) keeps it out of the provider's HTTP tests, which the 'api' project runs.
export default defineConfig({
  test: {
    name: 'pact-provider',
    root: import.meta.dirname,
    environment: 'node',
    include: ['verify.pact.ts', 'statesDoc.test.ts'],
    // One test verifies every interaction in turn: 178 since issue 38 (133 before), each with its provider
    // state. About 60 s on a quiet CI machine, 104 s measured at a load of 14: 120 s was sized for the old pact.
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
