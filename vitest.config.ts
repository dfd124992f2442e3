import { defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import type { BrowserCommand } from 'vitest/node';

/** Lets `.storybook/vitest.setup.ts` switch Chromium's forced-colours emulation per story. */
const emulateForcedColors: BrowserCommand<[active: boolean]> = async ({ page }, active) => {
  await page.emulateMedia({ forcedColors: active ? 'active' : 'none' });
};

/**
 * Every story, once per language and in the pseudo-locale, in Debian's Chromium; the a11y addon fails a story
 * on any axe violation.
 */
const storybookProject = (locale: 'ja' | 'en' | 'en-XA') => ({
  plugins: [storybookTest({ configDir: '.storybook', initialGlobals: { locale } })],
  // Its own dependency cache, so a cold start can be reproduced (rm -rf node_modules/.vite-storybook).
  cacheDir: 'node_modules/.vite-storybook',
  test: {
    name: `storybook-${locale}`,
    setupFiles: ['.storybook/vitest.setup.ts'],
    // One page for all story files: Storybook's preview loads once, not once per file (minutes on 2 cores).
    isolate: false,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-dev-shm-usage',
          ],
        },
      }),
      instances: [{ browser: 'chromium' as const }],
      // A desktop window; the Zoom200 stories show the narrow case (zoom 2 halves the CSS width).
      viewport: { width: 1280, height: 900 },
      commands: { emulateForcedColors },
    },
  },
});

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
      'apps/api/vitest.config.ts',
      storybookProject('ja'),
      storybookProject('en'),
      // The pseudo-locale: every story once more, failing on plain-English (hard-coded) text or overflowing
      // text (.storybook/preview.tsx afterEach, packages/ui/src/testing/pseudoLocaleCheck.ts).
      storybookProject('en-XA'),
    ],
  },
});
