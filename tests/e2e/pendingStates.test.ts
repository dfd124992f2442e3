// Issue 27, defect 2: a pending state says what is happening, never how it ended. The email change
// activation page showed "Email address changed" with a spinner for about 300 ms before the change was made
// (its pending heading was the route's title). Here each token page's screen code and its API call are held
// back, so the pending state stays on screen while the test reads its heading and the tab's title.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness/browser.ts';
import { locales, msg, type Locale } from './harness/messages.ts';

/** Holds requests matching `pattern` until `release`; `requested` resolves when the first one is made. */
async function hold(page: Page, pattern: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = () => {};
  const seen = new Promise<void>((resolve) => (requested = resolve));
  await page.route(pattern, async (route) => {
    requested();
    await released;
    await route.continue();
  });
  return { requested: seen, release };
}

const tokenPages = [
  {
    name: 'email change activation',
    path: '/change-email-requests/',
    screen: /\/assets\/EmailChangeActivation-[^/]*\.js$/,
    call: /\/api\/applicant\/email-change-requests\/[^/]+$/,
    pending: 'account.emailChangeActivation.title',
    // What the page says once the server has answered (an unknown token: the change failed).
    settled: 'account.emailChangeActivation.failedTitle',
  },
  {
    name: 'registration',
    path: '/registrations/',
    screen: /\/assets\/Registration-[^/]*\.js$/,
    call: /\/api\/applicant\/registrations\/[^/]+$/,
    pending: 'account.tokenPage.checking',
    settled: 'account.registration.title',
  },
  {
    name: 'password reset',
    path: '/password-reset/',
    screen: /\/assets\/PasswordReset-[^/]*\.js$/,
    call: /\/api\/applicant\/password-reset-requests\/[^/]+$/,
    pending: 'account.tokenPage.checking',
    settled: 'account.passwordReset.title',
  },
] as const;

describe('pending states say what is happening, never the outcome (issue 27, defect 2)', () => {
  const e2e = useE2E();

  const expectPending = async (page: Page, locale: Locale, pending: string) => {
    const heading = msg(locale, pending);
    await expect.poll(() => page.locator('main h1').allTextContents()).toEqual([heading]);
    await expect.poll(() => page.title()).toBe(msg(locale, 'app.documentTitle', { page: heading }));
  };

  for (const locale of locales) {
    for (const tokenPage of tokenPages) {
      it(`${tokenPage.name} (${locale}): while its code loads and while its call is answered`, async () => {
        const page = await e2e.newPage(locale);
        const screen = await hold(page, tokenPage.screen);
        const call = await hold(page, tokenPage.call);
        await page.goto(`${tokenPage.path}no-such-token-${Date.now()}`);
        await screen.requested;
        await expectPending(page, locale, tokenPage.pending);
        screen.release();
        await call.requested;
        await expectPending(page, locale, tokenPage.pending);
        call.release();
        const settled = msg(locale, tokenPage.settled);
        await page.getByRole('heading', { level: 1, name: settled }).waitFor();
        await expect.poll(() => page.title()).toBe(msg(locale, 'app.documentTitle', { page: settled }));
      });
    }
  }
});
