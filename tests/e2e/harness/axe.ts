// axe on a page as it is now, for every e2e file that checks accessibility (the sweep in a11y.test.ts and
// the journeys).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * Runs every axe rule on the page; the result's violations are complete (each with all its nodes).
 *
 * Legacy mode: axe.run in the page itself. The default (runPartial, then finishRun) opens a blank page in
 * the context for every check and loads axe into it a second time. The same rules run either way; they
 * differ only for cross-origin frames, which legacy mode leaves untested, so a page with one fails here
 * rather than passing unchecked. Only violations are asserted, so axe keeps at most one node of its passes,
 * incomplete and inapplicable results (resultTypes) instead of gathering and sending back every node.
 */
export async function analyze(page: Page, state: string): Promise<AxeResults> {
  const origin = new URL(page.url()).origin;
  const foreign = page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => url !== 'about:blank' && new URL(url).origin !== origin);
  expect(foreign, `cross-origin frames on ${state}, which axe's legacy mode does not check`).toEqual([]);
  return new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
}
