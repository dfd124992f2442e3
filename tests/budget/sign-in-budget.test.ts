// The performance budget (issue 8): the JavaScript and CSS the sign-in page loads, from the production
// build, gzip level 9, against tests/budget/budget.json. Bytes are deterministic, so this is a test.
//   signIn: what the prerendered page loads first (its stylesheets, then the scripts its loader starts
//     after the first paint), in either language;
//   signInUntilIdle: that and what the app fetches while the browser is idle (the other screens, the other
//     language, the overlays, the reference-data module), as Chromium loads / until the network is quiet.
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { useE2E } from '../e2e/harness/browser.ts';
import { computeFirstLoad, formatTable, overBudget, type Budget } from './firstLoad.ts';

const budgets = JSON.parse(readFileSync(new URL('./budget.json', import.meta.url), 'utf8')) as {
  signIn: Budget;
  signInUntilIdle: Budget;
};

describe('the sign-in page budget', () => {
  const e2e = useE2E();
  const dist = inject('webDist');

  for (const locale of ['ja', 'en'] as const) {
    it(`loads first what budget.json allows (${locale})`, () => {
      const load = computeFirstLoad(dist, `pages/${locale}/signIn.html`);
      console.info(`Sign-in page (${locale}), first load:\n${formatTable(load, budgets.signIn)}`);
      expect(load.assets.some((asset) => asset.kind === 'js')).toBe(true);
      expect(overBudget(load, budgets.signIn)).toEqual([]);
    });
  }

  it('loads until idle what budget.json allows (the idle-time preloads included)', async () => {
    // What Chromium fetches for / until the network is quiet: the built files are then gzipped from disk,
    // so the figure does not depend on the server's compression.
    const page = await e2e.newPage('en');
    const fetched = new Set<string>();
    page.on('request', (request) => {
      const type = request.resourceType();
      const url = new URL(request.url());
      if ((type === 'script' || type === 'stylesheet') && url.origin === e2e.baseUrl) {
        fetched.add(url.pathname.replace(/^\//, ''));
      }
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // The preloads run one per idle period: let them finish.
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    const first = computeFirstLoad(dist, 'pages/en/signIn.html');
    const load = computeFirstLoad(dist, 'pages/en/signIn.html', fetched);
    console.info(
      `Sign-in page (en), until idle (${load.assets.length - first.assets.length} files beyond the first load):\n` +
        formatTable(load, budgets.signInUntilIdle),
    );
    // Everything the page names is what Chromium loads (nothing the page asks for is missing from the count).
    expect([...fetched].filter((file) => !load.assets.some((asset) => asset.file === file))).toEqual([]);
    expect(overBudget(load, budgets.signInUntilIdle)).toEqual([]);
  });

  it('fails a build that outgrows its budget', () => {
    // The comparison itself, against a budget one byte under the build's figures.
    const load = computeFirstLoad(dist, 'pages/en/signIn.html');
    const tight = { javascriptGzipBytes: load.javascriptGzipBytes - 1, cssGzipBytes: load.cssGzipBytes - 1 };
    expect(overBudget(load, tight)).toHaveLength(2);
    expect(
      overBudget(load, { javascriptGzipBytes: load.javascriptGzipBytes, cssGzipBytes: load.cssGzipBytes }),
    ).toEqual([]);
  });
});
