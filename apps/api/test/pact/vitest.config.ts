import { defineConfig } from 'vitest/config';

// `npm run test:provider`: the Pact verification of pacts/ against the reference provider. Its own config
// (and a *.pact.ts name) keeps it out of the provider's HTTP tests, which the 'api' project runs.
export default defineConfig({
  test: {
    name: 'pact-provider',
    root: import.meta.dirname,
    environment: 'node',
    include: ['verify.pact.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
