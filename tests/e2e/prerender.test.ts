// The prerendered public pages (issue 8): their HTML is on screen before any JavaScript runs, in the
// applicant's language, and the app takes it over without a flash, without a hydration error and without
// losing what was typed or submitted in the meantime. So is /applications for a visitor with a session cookie:
// the planner while its plan loads (issue 17).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Applicant } from './harness/applicant.ts';
import { uniqueEmail, useE2E } from './harness/browser.ts';
import { locales, msg } from './harness/messages.ts';

/** Console errors and page errors, but the expected 401 of the first session check. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 401/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Holds the app's scripts back until `release` is called: the page as a slow phone shows it at first. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) =>
  page.waitForFunction(
    () => (window as { preAdmissionStart?: { hydrated: boolean } }).preAdmissionStart?.hydrated === true,
  );

describe('prerendered pages', () => {
  const e2e = useE2E();

  for (const locale of locales) {
    it(`paints / in ${locale} before any script, then hydrates it without an error`, async () => {
      const page = await e2e.newPage(locale);
      const errors = watchErrors(page);
      const release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      // No script has run, yet the page is there, in the right language, with its title.
      await page.getByRole('heading', { level: 1, name: msg(locale, 'account.signIn.title') }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      expect(await page.title()).toBe(
        msg(locale, 'app.documentTitle', { page: msg(locale, 'app.title.signIn') }),
      );
      release();
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });
  }

  it('keeps what was typed before the app took over, and sends an early Enter once, never in the URL', async () => {
    const email = uniqueEmail('early');
    await e2e.server.createAccount(email, 'Passw0rd2026');
    const page = await e2e.newPage('en');
    const release = await holdScripts(page);
    const signIns: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/applicant/sessions'))
        signIns.push(request.url());
    });
    await page.goto('/', { waitUntil: 'commit' });
    const a = new Applicant(page, 'en');
    await a.field('account.field.email').fill(email);
    await a.field('account.field.password').fill('Passw0rd2026');
    await page.keyboard.press('Enter');
    release();
    await page.waitForURL(/\/applications$/);
    expect(page.url()).not.toContain('password');
    expect(signIns).toHaveLength(1);
  });

  it('presses a button pressed before the app took over once it has (Create an account)', async () => {
    const page = await e2e.newPage('ja');
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await new Applicant(page, 'ja').button('account.signIn.register').click();
    release();
    await page.waitForURL(/\/registrations-request$/);
    await page
      .getByRole('heading', { level: 1, name: msg('ja', 'account.registrationRequest.title') })
      .waitFor();
  });

  it('keeps typed text through hydration when nothing was submitted', async () => {
    const page = await e2e.newPage('ja');
    const release = await holdScripts(page);
    await page.goto('/registrations-request', { waitUntil: 'commit' });
    const field = new Applicant(page, 'ja').field('account.field.email');
    await field.fill('typed.early@example.com');
    release();
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await field.inputValue()).toBe('typed.early@example.com');
    // The app holds the text too: a submit sends it (the completion page follows).
    await page.getByRole('button', { name: msg('ja', 'account.registrationRequest.submit') }).click();
    await page.waitForURL(/\/registrations-request-complete$/);
  });

  it('checks a field typed in and left before the app took over, once it has', async () => {
    const page = await e2e.newPage('en');
    const release = await holdScripts(page);
    await page.goto('/registrations-request', { waitUntil: 'commit' });
    const a = new Applicant(page, 'en');
    await a.field('account.field.email').fill('not-an-address');
    await page.keyboard.press('Tab');
    release();
    await hydrated(page);
    await a.expectFieldError('account.field.email', 'account.validation.email');
  });

  it('sends the language saved in the cookie, whatever the browser prefers', async () => {
    const context = await e2e.newContext('ja');
    await context.addCookies([{ name: 'pre-admission.locale', value: 'en', url: e2e.baseUrl }]);
    const page = await context.newPage();
    const release = await holdScripts(page);
    await page.goto('/privacy', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: msg('en', 'account.privacy.title') }).waitFor();
    release();
  });
});

describe('before the scripts run (issue 15)', () => {
  const e2e = useE2E();

  it('shows "required" for the empty email field focused and left before the scripts loaded (defect 1)', async () => {
    const page = await e2e.newPage('en');
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const a = new Applicant(page, 'en');
    const email = a.field('account.field.email');
    await email.focus();
    await email.blur();
    release();
    await hydrated(page);
    await a.expectFieldError('account.field.email', 'account.validation.required');
  });

  it('shows a signed-in visitor of / the loading indicator, never the sign-in form (defect 6)', async () => {
    const email = uniqueEmail('signed-in-top');
    await e2e.server.createAccount(email, 'Passw0rd2026');
    const context = await e2e.newContext('en');
    await e2e.server.signIn(context, email, 'Passw0rd2026');
    const page = await context.newPage();
    // Notes whether a password field was ever in the page, from the first parsed byte on.
    await page.addInitScript(() => {
      const seen = () => {
        if (document.querySelector('input[type="password"]'))
          (window as { sawSignInForm?: boolean }).sawSignInForm = true;
      };
      new MutationObserver(seen).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await page.waitForURL(/\/applications$/);
    await page.getByRole('heading', { level: 1, name: msg('en', 'planner.title') }).waitFor();
    expect(await page.evaluate(() => (window as { sawSignInForm?: boolean }).sawSignInForm)).toBeUndefined();
  });
});

describe('what the server sends for each path (issue 15)', () => {
  const e2e = useE2E();
  const get = (path: string) => fetch(`${e2e.baseUrl}${path}`, { headers: { 'accept-language': 'en' } });

  it('answers an unknown path with 404 and the not-found screen, a known one with 200 (defect 13)', async () => {
    for (const path of ['/no-such-page', '/Privacy/extra', '/registrations', '/applications/x/y'])
      expect((await get(path)).status, path).toBe(404);
    for (const path of ['/', '/PRIVACY/', '/registrations/abc', '/applications', '/password-change'])
      expect((await get(path)).status, path).toBe(200);
    const page = await e2e.newPage('en');
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    // A signed-out visitor of an unknown path stays on it and is told it does not exist (issue 39 item 8,
    // docs/behaviour.md#routes).
    await page.getByRole('heading', { level: 1, name: msg('en', 'ui.notFound.title') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no-such-page');
  });

  it('gives every meta element a content, the csp-nonce one included (defect 5)', async () => {
    for (const path of ['/', '/privacy', '/registrations/abc', '/no-such-page']) {
      const html = await (await get(path)).text();
      const metas = html.match(/<meta\b[^>]*>/g) ?? [];
      expect(
        metas.some((meta) => meta.includes('csp-nonce')),
        path,
      ).toBe(true);
      for (const meta of metas) if (!/\bcharset=/.test(meta)) expect(meta, path).toMatch(/\bcontent="[^"]*"/);
    }
  });
});

describe('the page while and after it loads (issue 15)', () => {
  const e2e = useE2E();
  const signedIn = async () => {
    const email = uniqueEmail('pending');
    await e2e.server.createAccount(email, 'Passw0rd2026');
    const context = await e2e.newContext('en');
    await e2e.server.signIn(context, email, 'Passw0rd2026');
    return context.newPage();
  };

  it('has the page heading on /applications while its screen loads after signing in (defect 3)', async () => {
    const email = uniqueEmail('pending-sign-in');
    await e2e.server.createAccount(email, 'Passw0rd2026');
    const page = await e2e.newPage('en');
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let requested = () => {};
    const screenRequested = new Promise<void>((resolve) => (requested = resolve));
    await page.route(/\/assets\/Applications-[^/]*\.js$/, async (route) => {
      requested();
      await released;
      await route.continue();
    });
    const a = new Applicant(page, 'en');
    await a.open('/');
    await a.signIn(email, 'Passw0rd2026');
    // Signed in, the app goes to /applications and asks for its screen (only a signed-in render does).
    await screenRequested;
    await expect
      .poll(() => page.locator('main h1').allTextContents())
      .toEqual([msg('en', 'app.title.applications')]);
    release();
    await page.getByText(msg('en', 'planner.lead')).waitFor();
  });

  for (const locale of locales) {
    it(`paints /applications in ${locale} for a signed-in visitor before any script, then hydrates it and shows the plan (issue 17)`, async () => {
      const email = uniqueEmail('prerendered-plan');
      await e2e.server.createAccount(email, 'Passw0rd2026');
      const context = await e2e.newContext(locale);
      await e2e.server.signIn(context, email, 'Passw0rd2026');
      const page = await context.newPage();
      const errors = watchErrors(page);
      const release = await holdScripts(page);
      await page.goto('/applications', { waitUntil: 'commit' });
      // No script has run: the planner's heading, its lead and the loading indicator are already there.
      await page.getByRole('heading', { level: 1, name: msg(locale, 'planner.title') }).waitFor();
      await page.getByText(msg(locale, 'planner.lead')).waitFor();
      await page.getByRole('progressbar', { name: msg(locale, 'planner.loading') }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      release();
      await hydrated(page);
      await page.getByRole('heading', { level: 2, name: msg(locale, 'planner.section.prepare') }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });
  }

  it('takes a visitor whose session has ended from the prerendered /applications to the sign-in page (issue 17)', async () => {
    const context = await e2e.newContext('en');
    await context.addCookies([{ name: 'pre_admission_session', value: 'ended', url: e2e.baseUrl }]);
    const page = await context.newPage();
    await page.goto('/applications');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: msg('en', 'account.signIn.title') }).waitFor();
  });

  it('names the failure in the tab title: email change activation failed (defect 8)', async () => {
    const page = await e2e.newPage('en');
    await page.goto(`/change-email-requests/no-such-token-${Date.now()}`);
    const failed = msg('en', 'account.emailChangeActivation.failedTitle');
    await page.getByRole('heading', { level: 1, name: failed }).waitFor();
    await expect.poll(() => page.title()).toBe(msg('en', 'app.documentTitle', { page: failed }));
  });

  it('names the failure in the tab title: the problem page (defect 8, issue 27)', async () => {
    const page = await signedIn();
    // The planner's lists come in one request (getReferenceLists): its failure is the page's.
    await page.route('**/api/reference-lists?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/problem+json', body: '{"status":500}' }),
    );
    await page.goto('/applications');
    const title = msg('en', 'ui.problemPage.title');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    // In the page's language, the site's name after it (docs/behaviour.md#error-catalogue).
    await expect.poll(() => page.title()).toBe(msg('en', 'app.documentTitle', { page: title }));
  });
});
