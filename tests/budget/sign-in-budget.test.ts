// The performance budget (issue 8): the JavaScript and CSS the sign-in route loads first, from the
// production build, gzip level 9, against tests/budget/budget.json. Bytes are deterministic, so this is a test.
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { useE2E } from '../e2e/harness/browser.ts';
import { computeFirstLoad, formatTable, overBudget, type Budget } from './firstLoad.ts';

const budget = (
  JSON.parse(readFileSync(new URL('./budget.json', import.meta.url), 'utf8')) as { signIn: Budget }
).signIn;
const signInScreen = /screens\/SignIn\/index\.tsx?$/;

describe('the sign-in route budget', () => {
  const e2e = useE2E();
  const dist = inject('webDist');

  it('stays within budget.json (entry, its static imports, the SignIn chunk, and what Chromium loads before idle)', async () => {
    // What Chromium fetches for / until the network is idle: the built files are then gzipped from disk, so
    // the figure does not depend on the server's compression.
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
    const fromManifest = computeFirstLoad(dist, signInScreen);
    const load = computeFirstLoad(dist, signInScreen, fetched);
    const onlyInBrowser = [...fetched].filter(
      (file) => !fromManifest.assets.some((asset) => asset.file === file),
    );
    console.info(
      `Sign-in route, first load (route chunk: ${load.routeChunk ?? 'in the entry'}; ` +
        `loaded at run time beyond the manifest's static graph: ${onlyInBrowser.join(', ') || 'none'}):\n` +
        formatTable(load, budget),
    );
    expect(fetched.size, 'Chromium loaded no script for /').toBeGreaterThan(0);
    expect(load.assets.some((asset) => asset.kind === 'js')).toBe(true);
    expect(overBudget(load, budget)).toEqual([]);
  });

  it('fails a build that outgrows its budget', () => {
    // The comparison itself, against a budget one byte under the build's figures.
    const load = computeFirstLoad(dist, signInScreen);
    const tight = { javascriptGzipBytes: load.javascriptGzipBytes - 1, cssGzipBytes: load.cssGzipBytes - 1 };
    expect(overBudget(load, tight)).toHaveLength(2);
    expect(
      overBudget(load, { javascriptGzipBytes: load.javascriptGzipBytes, cssGzipBytes: load.cssGzipBytes }),
    ).toEqual([]);
  });
});
