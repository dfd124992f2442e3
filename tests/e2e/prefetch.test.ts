// Prefetch on intent (issue 29, docs/behaviour.md#start-up-loading), in Chromium against the built site: the
// sign-in page fetches at idle only the screens one step ahead; a link's screen when the link comes into view;
// the other language when its switch option is hovered.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness/browser.ts';

/** The names of the chunks under /assets/ the page has fetched so far (`Privacy` for assets/Privacy-….js). */
function chunksFetched(page: Page): Set<string> {
  const names = new Set<string>();
  page.on('request', (request) => {
    const match = /\/assets\/([\w.]+?)-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
    if (match) names.add(match[1]!);
  });
  return names;
}

describe('prefetch on intent', () => {
  const e2e = useE2E();

  const open = async (path: string, height: number) => {
    const page = await e2e.newPage('en');
    await page.setViewportSize({ width: 1280, height });
    const fetched = chunksFetched(page);
    await page.goto(path, { waitUntil: 'networkidle' });
    return { page, fetched };
  };

  // (react-query comes with the sign-in page's maintenance read: not a screen, not counted here.)
  it('fetches at idle the screens one step ahead, and no screen the sign-in page does not link to', async () => {
    const { page, fetched } = await open('/', 2000);
    // The idle work runs one task per idle period, on a loaded machine seconds apart: the screens ahead are
    // waited for before what must not come is checked.
    for (const ahead of ['RegistrationRequest', 'PasswordResetRequest', 'Privacy']) {
      await expect.poll(() => fetched.has(ahead), { timeout: 15_000 }).toBe(true);
    }
    await page.waitForLoadState('networkidle');
    for (const screen of ['EmailChangeRequest', 'PasswordChange', 'SignInSecurity', 'Applications']) {
      expect(fetched.has(screen), screen).toBe(false);
    }
    // Not the other language until its switch is hovered.
    expect(fetched.has('ja')).toBe(false);
  });

  // Hovering a link out of view is the unit test's (apps/web/src/routing/prefetchOnIntent.test.ts): every link
  // a signed-out page has out of view leads to a screen fetched anyway (the header's goes to the sign-in page).
  it('fetches the screen of a link in view, the other language only once its option is hovered', async () => {
    // The registration request page, opened first: its links go back to the sign-in page.
    const { page, fetched } = await open('/registrations-request', 2000);
    await expect.poll(() => fetched.has('SignIn'), { timeout: 10_000 }).toBe(true);
    expect(fetched.has('ja')).toBe(false);
    // A pointer over the option (no click: the language stays).
    await page.getByRole('radio', { name: '日本語' }).dispatchEvent('pointerover');
    await expect.poll(() => fetched.has('ja'), { timeout: 10_000 }).toBe(true);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
  });
});
