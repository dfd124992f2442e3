// `npm run review` as a reviewer uses it: `--serve` with the Storybook under /storybook/ (its MSW worker
// registered there, not at the root), and the gallery, which shows both languages' screenshot of every story
// but the few that opt out on purpose (OPTED_OUT, each with its reason).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { builtStories, launchChromium, runReview, startReviewSite, type ReviewSite } from './harness.ts';

/** The stories without screenshots, and why: the gallery links them to the Storybook instead. */
const OPTED_OUT: Record<string, string> = {
  'translations--all-messages': 'every message of every area: it changes with each message edited',
  'translations--one-area': 'the ui area, row by row: it changes with each message edited',
  'components-dialog--within-a-menu':
    'the same button as Dialog › Browser recommendation: it checks behaviour (a dialog inside a menu is not part of it)',
};

let site: ReviewSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startReviewSite({ at: 'sub-path' }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

type Preview = {
  __STORYBOOK_PREVIEW__?: {
    currentRender?: { phase?: string };
    storyStoreValue?: {
      loadStory: (spec: { storyId: string }) => Promise<{ parameters: Record<string, unknown> }>;
    };
  };
};

async function openStory(id: string, locale: 'ja' | 'en') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${site.storybook}iframe.html?id=${id}&viewMode=story&globals=locale:${locale}`);
  const phase = await page
    .waitForFunction(
      () => {
        const phase = (window as unknown as Preview).__STORYBOOK_PREVIEW__?.currentRender?.phase;
        return phase === 'finished' || phase === 'errored' ? phase : false;
      },
      undefined,
      { timeout: 45_000 },
    )
    .then((handle) => handle.jsonValue());
  return { context, page, phase, errors };
}

describe('npm run review -- --serve: the Storybook under /storybook/', () => {
  it('registers the MSW worker under /storybook/ and plays a story that talks to the mocked API', async () => {
    // Sign-in with a wrong password: the play submits, MSW answers 403, the play checks the error shown.
    const { context, page, phase, errors } = await openStory('account-signin--wrong-password', 'en');
    try {
      const worker = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { scope: registration?.scope, script: registration?.active?.scriptURL };
      });
      expect(worker).toEqual({
        scope: `${site.storybook}`,
        script: `${site.storybook}mockServiceWorker.js`,
      });
      expect(errors).toEqual([]);
      expect(await page.evaluate(() => document.body.classList.contains('sb-show-errordisplay'))).toBe(false);
      expect(phase).toBe('finished');
    } finally {
      await context.close();
    }
  });
});

describe('the gallery (npm run review -- --no-build)', () => {
  it('shows both languages of every story that has a visible state, the session-timeout dialog included', async () => {
    const output = await runReview(site.dir, ['--no-build']);
    const gallery = readFileSync(join(site.dir, 'index.html'), 'utf8');
    const stories = builtStories();
    // Which stories opt out of screenshots (`parameters.visual: false`), as the built Storybook says.
    const { context, page } = await openStory(stories[0]!.id, 'ja');
    const optedOut = await page.evaluate(
      async (ids) => {
        const store = (window as unknown as Preview).__STORYBOOK_PREVIEW__!.storyStoreValue!;
        const out: string[] = [];
        for (const id of ids) {
          const story = await store.loadStory({ storyId: id });
          if (story.parameters.visual === false) out.push(id);
        }
        return out;
      },
      stories.map((story) => story.id),
    );
    await context.close();

    expect(optedOut.sort()).toEqual(Object.keys(OPTED_OUT).sort());
    const shown = (id: string, locale: string) =>
      gallery.includes(`src="screenshots/${locale}/${id.replaceAll('--', '__')}.png"`);
    const missing = stories
      .filter((story) => !(story.id in OPTED_OUT))
      .flatMap((story) =>
        ['ja', 'en'].filter((locale) => !shown(story.id, locale)).map((l) => `${l}/${story.id}`),
      );
    expect(missing).toEqual([]);
    for (const id of stories
      .map((story) => story.id)
      .filter((id) => id.startsWith('account-sessiontimeoutdialog--')))
      expect(shown(id, 'ja') && shown(id, 'en'), id).toBe(true);
    expect(output).toContain(`${stories.length} stories`);
  });
});
