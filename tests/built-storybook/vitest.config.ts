import { defineConfig } from 'vitest/config';

/**
 * The built Storybook as reviewers, designers and Chromatic get it (`npm run test:built-storybook`, which
 * builds it first): every story's cold load in Japanese and English, `npm run review -- --serve` under its
 * sub-path, and the review gallery. Not part of the root projects: it needs `storybook-static/`.
 */
export default defineConfig({
  test: {
    name: 'built-storybook',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/built-storybook/**/*.test.ts'],
    environment: 'node',
    // One file after another: each starts its own server and Chromium, on a machine with two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    // The cold loads of every story run in one hook-free test of their own (its own timeout).
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
