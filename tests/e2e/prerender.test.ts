// The prerendered public pages (issue 8): their HTML is on screen before any JavaScript runs, in the
// applicant's language, and the app takes it over without a flash, without a hydration error and without
// losing what was typed or submitted in the meantime.
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
