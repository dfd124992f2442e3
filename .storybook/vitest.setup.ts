// Story tests only (vitest projects storybook-ja, storybook-en and storybook-en-XA).
// - A story named ForcedColors runs with Windows-style forced colours emulated by Chromium, so axe and its
//   play function see that rendering.
// - Visual regression (docs/testing.md#visual-regression): once a story has rendered and its play function has
//   ended, its look is compared with the committed baseline .storybook/visual/<locale>/<story id>.png.
import { afterEach, beforeEach, expect, inject } from 'vitest';
import { commands, page } from 'vitest/browser';
import { configure } from 'storybook/test';

// The play functions' findBy… and waitFor wait up to 5 s, not Testing Library's 1 s: on a loaded 2-core machine
// (CI beside other work, load 12) a story's mocked answer once took longer than 1 s, and 'Loading your
// application' was still on screen when the play function looked for the page's heading. A wait ends as soon
// as what it waits for is there; only a failing story takes longer to say so.
configure({ asyncUtilTimeout: 5000 });

declare module 'vitest' {
  export interface ProvidedContext {
    /** VISUAL_REGRESSION=1: compare each story's screenshot with its baseline (vitest.config.ts). */
    visualRegression: boolean;
  }
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    emulateForcedColors: (active: boolean) => Promise<void>;
    touchVisualBaseline: (name: string) => Promise<void>;
  }
}

/** What the storybook addon puts on the test context (`context.story`, a composed story). */
interface StoryUnderTest {
  id: string;
  globals: Record<string, unknown>;
  parameters: { visual?: boolean };
}

/** Frozen for the screenshot: no animation or transition mid-way, no blinking caret. */
const FREEZE_CSS = `*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
}
html[data-visual-overlay] body { min-height: 100vh; }`;

/** Children added to <body> during the current test, in the order they were added. */
let bodyAdditions: Element[] = [];
const bodyWatcher = new MutationObserver((records) => collect(records));
const collect = (records: MutationRecord[]) => {
  for (const record of records) {
    for (const node of record.addedNodes) if (node instanceof Element) bodyAdditions.push(node);
  }
};

beforeEach(async ({ task }) => {
  bodyAdditions = [];
  bodyWatcher.observe(document.body, { childList: true });
  await commands.emulateForcedColors(/^forced colou?rs$/i.test(task.name));
});

/** An element of the page that takes room on screen. */
const isShown = (el: Element) => {
  if (!(el instanceof HTMLElement || el instanceof SVGElement)) return false;
  const box = el.getBoundingClientRect();
  // More than a pixel: the live announcer and other visually hidden text are 1 × 1.
  return box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden';
};

const nextFrame = () => new Promise((done) => requestAnimationFrame(() => done(undefined)));

/**
 * Waits for the finite animations still running (a dialog's exit, which keeps its portal until it ends; at
 * most 5 s), then two frames for React to take the closed overlay away. Infinite ones (a spinner) are left:
 * the injected style stops them.
 */
async function settle() {
  const deadline = performance.now() + 5000;
  for (;;) {
    const running = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    const left = deadline - performance.now();
    if (running.length === 0 || left <= 0) break;
    await Promise.race([
      Promise.allSettled(running.map((a) => a.finished)),
      new Promise((done) => setTimeout(done, left)),
    ]);
  }
  await nextFrame();
  await nextFrame();
}

afterEach(async (context) => {
  const story = (context as unknown as { story?: StoryUnderTest }).story;
  // A story that failed already says why; a screenshot of it would only add noise.
  if (!inject('visualRegression')) return;
  if (!story || story.parameters.visual === false || context.task.result?.errors?.length) return;
  // Baselines are Japanese and English; the pseudo-locale project checks text, not looks.
  const locale = typeof story.globals.locale === 'string' ? story.globals.locale : 'ja';
  if (locale !== 'ja' && locale !== 'en') return;
  // Added to <body> by this story: first the story's root (Storybook's runStory appends it before it
  // renders), then anything the story opened in a portal (a dialog, a popover, the toast region, react-aria's
  // live announcer, which it prepends: the order of <body>'s children is not the order of addition).
  await settle();
  collect(bodyWatcher.takeRecords());
  bodyWatcher.disconnect();
  const added = bodyAdditions.filter((el) => el.parentElement === document.body);
  const [root, ...portals] = added;
  if (!(root instanceof HTMLElement))
    throw new Error(`story ${story.id}: no root element was added to <body>`);
  const overlay = portals.some(isShown);
  const style = document.createElement('style');
  style.textContent = FREEZE_CSS;
  document.head.append(style);
  // An open overlay covers the viewport, outside the story's root: the whole page (<body>, at least the
  // viewport's height) is shot instead.
  if (overlay) document.documentElement.setAttribute('data-visual-overlay', '');
  try {
    await document.fonts.ready;
    const target = overlay || !isShown(root) ? document.body : root;
    // Vitest keeps only [\w-] in a name and collapses '--': the id's '--' (title--story) is written '__'.
    const name = `${locale}/${story.id.replaceAll('--', '__')}`;
    await commands.touchVisualBaseline(name);
    await expect.element(page.elementLocator(target)).toMatchScreenshot(name);
  } finally {
    document.documentElement.removeAttribute('data-visual-overlay');
    style.remove();
  }
});
