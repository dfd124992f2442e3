import { defineConfig } from 'vitest/config';

// The provider's HTTP-level tests. Each file builds its own server on its own database: an in-memory PGlite,
// or a fresh schema of the PostgreSQL server named by DATABASE_URL (.ci/run does that once).
export default defineConfig({
  test: {
    name: 'api',
    root: import.meta.dirname,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/globalSetup.ts'],
    // The Pact provider verification has its own configuration (npm run test:provider).
    exclude: ['test/pact/**', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
