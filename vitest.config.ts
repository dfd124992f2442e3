import { defineConfig } from 'vitest/config';

/**
 * One Vitest run, several projects. `npm run test:unit` runs the node projects; the browser projects
 * (components, stories) run in Debian's Chromium through playwright-core.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          typecheck: {
            enabled: true,
            include: ['packages/*/src/**/*.test-d.ts'],
            tsconfig: 'packages/api/tsconfig.json',
          },
        },
      },
    ],
  },
});
