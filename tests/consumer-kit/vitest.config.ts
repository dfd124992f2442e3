import { defineConfig } from 'vitest/config';

/**
 * The consumer test (`npm run test:kit`): the kit packed and installed into a fresh Vite + React app outside
 * the repository, opened in Debian's Chromium (docs/testing.md#the-kit-as-packages). One file; its set-up
 * builds, packs, installs and builds the app, so the hooks get minutes.
 */
export default defineConfig({
  test: {
    name: 'kit',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/consumer-kit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 400_000,
    reporters: ['default'],
  },
});
