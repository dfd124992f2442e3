import { defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import type { BrowserCommand } from 'vitest/node';
import { utimes } from 'node:fs/promises';
import { resolve } from 'node:path';

/** Lets `.storybook/vitest.setup.ts` switch Chromium's forced-colours emulation per story. */
const emulateForcedColors: BrowserCommand<[active: boolean]> = async ({ page }, active) => {
  await page.emulateMedia({ forcedColors: active ? 'active' : 'none' });
};

/** Where the visual baselines live: `<locale>/<story id>.png` (docs/testing.md#visual-regression). */
const VISUAL_BASELINES = resolve(import.meta.dirname, '.storybook/visual');

/**
 * Marks a story's baseline as in use (its modification time becomes now), so that
 * `npm run test:visual:update` can delete the baselines of stories that no longer exist.
 */
const touchVisualBaseline: BrowserCommand<[name: string]> = async (_context, name) => {
  const file = resolve(VISUAL_BASELINES, `${name}.png`);
  if (!file.startsWith(`${VISUAL_BASELINES}/`)) throw new Error(`not a baseline name: ${name}`);
  const now = new Date();
  await utimes(file, now, now).catch(() => undefined);
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
    // The screenshot comparison runs with VISUAL_REGRESSION=1 (npm run test:stories, test:visual,
    // test:visual:update; docs/testing.md#visual-regression).
    provide: { visualRegression: process.env.VISUAL_REGRESSION === '1' },
    // A story's render and play, then (afterEach) its screenshot and comparison, on a loaded 2-core machine:
    // the first story of a run (the preview's cold start) and the long pages took more than 15 s there.
    testTimeout: 45_000,
    hookTimeout: 30_000,
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
      commands: { emulateForcedColors, touchVisualBaseline },
      // Visual regression (docs/testing.md#visual-regression): .storybook/vitest.setup.ts shoots every story.
      expect: {
        toMatchScreenshot: {
          comparatorName: 'pixelmatch' as const,
          // A pixel differs when its colour distance passes 0.2 (pixelmatch's YIQ scale, 0 to 1;
          // antialiased pixels are not counted); a screenshot fails when more than 0.1 % of its pixels differ.
          comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.001 },
          // Time to get two identical screenshots in a row (the page has settled), on a loaded machine.
          timeout: 15_000,
          // Baselines, committed: .storybook/visual/<locale>/<story id>.png (the name is `<locale>/<story id>`).
          resolveScreenshotPath: ({ arg, ext }: { arg: string; ext: string }) =>
            resolve(VISUAL_BASELINES, `${arg}${ext}`),
          // A failure's reference, actual and diff images (gitignored): .vitest-attachments/visual/...
          resolveDiffPath: ({
            arg,
            ext,
            root,
            attachmentsDir,
          }: {
            arg: string;
            ext: string;
            root: string;
            attachmentsDir: string;
          }) => resolve(root, attachmentsDir, 'visual', `${arg}${ext}`),
        },
      },
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
          // apps/web's .test.tsx render a provider in jsdom (their `@vitest-environment` line says so).
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/desk/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
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
