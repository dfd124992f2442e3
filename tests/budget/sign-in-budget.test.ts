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
  const load = computeFirstLoad(inject('webDist'), signInScreen);

  it('stays within budget.json', () => {
    console.info(
      `Sign-in route, first load (route chunk: ${load.routeChunk ?? 'in the entry'}):\n${formatTable(load, budget)}`,
    );
    expect(load.assets.some((asset) => asset.kind === 'js')).toBe(true);
    expect(overBudget(load, budget)).toEqual([]);
  });

  it('counts every script and stylesheet Chromium fetches for / before the network is idle', async () => {
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
    await page.getByRole('button').or(page.getByRole('link')).first().waitFor();
    const counted = new Set(load.assets.map((asset) => asset.file));
    const missing = [...fetched].filter((file) => !counted.has(file));
    expect(fetched.size).toBeGreaterThan(0);
    expect(missing, 'files the sign-in page loads that the budget does not count').toEqual([]);
  });

  it('fails a build that outgrows its budget', () => {
    // The comparison itself, against a budget one byte under today's figures.
    const tight = { javascriptGzipBytes: load.javascriptGzipBytes - 1, cssGzipBytes: load.cssGzipBytes - 1 };
    expect(overBudget(load, tight)).toHaveLength(2);
    expect(
      overBudget(load, { javascriptGzipBytes: load.javascriptGzipBytes, cssGzipBytes: load.cssGzipBytes }),
    ).toEqual([]);
  });
});
