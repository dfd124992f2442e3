// The built Storybook (what designers open and Chromatic publishes), loaded cold: a fresh browser context
// with an empty cache per load, in Japanese and in English. A story passes when Storybook finished it
// (render, play, checks) without its error display, without an uncaught page error, and without "The …
// messages are not loaded" anywhere. One Chromium; a few contexts at a time (COLD_LOAD_CONTEXTS).
//
// In `npm test`, one story of each story file: what a cold load fetches and runs is the file's modules (its
// imports, the preview's), the same for every story of the file, and a cold load costs about 1.4 s on an
// idle two-core machine, so every story twice would add some 12 minutes to CI. COLD_LOAD_ALL=1 loads every
// story (docs/testing.md#the-built-storybook).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { builtStories, launchChromium, startReviewSite, type ReviewSite } from './harness.ts';

const locales = ['ja', 'en'] as const;
const parallel = Number(process.env.COLD_LOAD_CONTEXTS ?? 4);
/** A story's whole run (render, play, checks) on a loaded two-core machine. */
const storyTimeout = 60_000;

let site: ReviewSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startReviewSite({ at: 'root' }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

interface Load {
  id: string;
  locale: (typeof locales)[number];
}

/** What went wrong in one cold load, or nothing. */
async function coldLoad({ id, locale }: Load): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /messages are not loaded/.test(message.text()))
        problems.push(`console: ${message.text()}`);
    });
    // axe is the story tests' job (test:stories, every story in both languages); skipping it here
    // (`a11y.manual`) about halves a load's time. The story's render, play and other checks still run.
    const url = `${site.storybook}iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=locale:${locale};a11y.manual:!true`;
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    // Storybook's own record of the story's run: 'finished' after render, play and afterEach; 'errored'
    // when any of them threw (it then shows its error display).
    const phase = await page
      .waitForFunction(
        () => {
          const phase = (
            window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }
          ).__STORYBOOK_PREVIEW__?.currentRender?.phase;
          if (phase === 'finished' || phase === 'aborted') return phase;
          // An error before the story's render began (its file, a loader) leaves no phase to wait for.
          return document.body.classList.contains('sb-show-errordisplay') ? 'error display' : false;
        },
        undefined,
        { timeout: storyTimeout, polling: 100 },
      )
      .then((handle) => handle.jsonValue())
      .catch(() => `not finished after ${storyTimeout / 1000} s`);
    if (phase !== 'finished') problems.push(`phase ${String(phase)}`);
    const shown = await page.evaluate(() => ({
      errorDisplay: document.body.classList.contains('sb-show-errordisplay'),
      error: document.querySelector('#error-message')?.textContent?.trim() ?? '',
      text: document.body.innerText,
    }));
    if (shown.errorDisplay) problems.push(`Storybook's error display: ${shown.error.slice(0, 300)}`);
    if (/messages are not loaded/.test(shown.text)) problems.push('"messages are not loaded" on the page');
  } finally {
    await context.close();
  }
  return problems;
}

it(
  'every story file renders on a cold load, in Japanese and in English',
  async () => {
    // COLD_LOAD_STORIES (a regular expression over story ids) narrows the run while working on a story.
    const only = new RegExp(process.env.COLD_LOAD_STORIES ?? '');
    const all = process.env.COLD_LOAD_ALL === '1';
    const files = new Set<string>();
    const loads: Load[] = builtStories()
      .filter(({ id }) => only.test(id))
      .filter(({ importPath }) => all || (!files.has(importPath) && files.add(importPath)))
      .flatMap(({ id }) => locales.map((locale) => ({ id, locale })));
    const failures: string[] = [];
    const started = Date.now();
    const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
    let next = 0;
    let done = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next < loads.length) {
          const load = loads[next++]!;
          const problems = await coldLoad(load);
          if (problems.length > 0) {
            failures.push(`${load.locale} ${load.id}: ${problems.join('; ')}`);
            console.info(`cold loads: failed: ${failures.at(-1)}`);
          }
          done += 1;
          if (done % 50 === 0)
            console.info(
              `cold loads: ${done} of ${loads.length} (${seconds()} s), ${failures.length} failed`,
            );
        }
      }),
    );
    console.info(
      `cold loads: ${loads.length} in ${seconds()} s, ${parallel} contexts at a time, ${failures.length} failed`,
    );
    expect(failures).toEqual([]);
  },
  // About 80 loads (38 story files; COLD_LOAD_ALL: about 510); a few at a time on two cores.
  20 * 60_000,
);
