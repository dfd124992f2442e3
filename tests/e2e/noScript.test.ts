// Issue 27 defect 8: with JavaScript off, a sign-in form post answered 303 back to the empty form with no message.
// Now a refused sign-in, registration request or password reset request shows the message the app shows, with the
// typed address kept and never the password; a right sign-in reaches /applications. The signed-in pages need
// the app: with scripts off they say so (apps/web/index.html's <noscript>, in both languages), an application's
// pages as every other signed-in page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { requestId } from './harness/api.ts';
import { uniqueEmail, useE2E } from './harness/browser.ts';
import { exactly, locales, msg, type Locale } from './harness/messages.ts';
import { repoRoot } from './harness/processes.ts';

/** What the app's shell says without scripts, by language: the paragraphs of its <noscript>. */
const turnOnJavaScript = Object.fromEntries(
  [
    ...readFileSync(join(repoRoot, 'apps/web/index.html'), 'utf8').matchAll(/<p lang="(\w+)">([^<]+)<\/p>/g),
  ].map(([, lang, text]) => [lang, text!.trim()]),
) as Record<Locale, string>;

describe('the forms with JavaScript off', () => {
  const e2e = useE2E();
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.connect(inject('wsEndpoint'));
  });
  afterAll(() => browser.close());

  const noScriptPage = async (locale: Locale) => {
    const context = await browser.newContext({
      baseURL: e2e.baseUrl,
      javaScriptEnabled: false,
      locale: locale === 'ja' ? 'ja-JP' : 'en-GB',
      extraHTTPHeaders: { 'accept-language': locale },
    });
    return context.newPage();
  };

  for (const locale of locales) {
    it(`a wrong password says so and keeps the address, not the password (${locale})`, async () => {
      const email = uniqueEmail('noscript');
      await e2e.server.createAccount(email, 'Passw0rd2026');
      const page = await noScriptPage(locale);
      await page.goto('/');
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill('Wr0ngPassw0rd');
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.locator('form[method="post"] button[type="submit"]').first().click(),
      ]);
      expect(response.status()).toBe(403);
      await page.getByText(msg(locale, 'account.error.wrongPassword')).waitFor();
      await page.getByRole('alert').getByText(msg(locale, 'ui.errorSummary.title')).waitFor();
      expect(await page.locator('input[name="email"]').inputValue()).toBe(email);
      expect(await page.locator('input[name="password"]').inputValue()).toBe('');
      expect(page.url()).not.toContain('Wr0ng');
      await page.context().close();
    });
  }

  it('the right password reaches /applications', async () => {
    const email = uniqueEmail('noscript-ok');
    await e2e.server.createAccount(email, 'Passw0rd2026');
    const page = await noScriptPage('en');
    await page.goto('/');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('Passw0rd2026');
    await page.locator('form[method="post"] button[type="submit"]').first().click();
    await page.waitForURL('**/applications');
    await page.context().close();
  });

  it('a registration request for a registered address and a reset for an unknown one say so', async () => {
    const email = uniqueEmail('noscript-taken');
    await e2e.server.createAccount(email, 'Passw0rd2026');
    const page = await noScriptPage('en');
    await page.goto('/registrations-request');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('form[method="post"] button[type="submit"]').first().click();
    await page.getByText(msg('en', 'account.error.emailAlreadyRegistered')).waitFor();
    expect(await page.locator('input[name="email"]').inputValue()).toBe(email);

    const nobody = uniqueEmail('noscript-nobody');
    await page.goto('/password-reset-request');
    await page.locator('input[name="email"]').fill(nobody);
    await page.locator('form[method="post"] button[type="submit"]').first().click();
    await page.getByText(msg('en', 'account.error.emailNotFound')).waitFor();
    expect(await page.locator('input[name="email"]').inputValue()).toBe(nobody);
    await page.context().close();
  });

  /** Whether the page says, in this language, that the site needs JavaScript. */
  const saysTurnOnJavaScript = (page: Page, locale: Locale) =>
    page.locator(`p[lang="${locale}"]`).getByText(exactly(turnOnJavaScript[locale])).isVisible();

  for (const locale of locales) {
    it(`an application's addresses say the site needs JavaScript, as every signed-in page does (${locale})`, async () => {
      expect(turnOnJavaScript[locale]).toBeTruthy();
      const email = uniqueEmail('noscript-application');
      await e2e.server.createAccount(email, 'Passw0rd2026');
      const page = await noScriptPage(locale);
      await e2e.server.signIn(page.context(), email, 'Passw0rd2026');
      const started = await page.context().request.post(`${e2e.baseUrl}/api/applicant/applications`, {
        headers: { 'x-request-id': requestId() },
        data: { studentType: 'master' },
      });
      expect(started.status()).toBe(201);
      const { id } = (await started.json()) as { id: string };

      // Another signed-in page, for the design the application's pages follow: the app's shell, which says so.
      expect((await page.goto('/password-change'))?.status()).toBe(200);
      expect(await saysTurnOnJavaScript(page, locale)).toBe(true);

      // /applications: its prerendered page names itself, and says so too.
      expect((await page.goto('/applications'))?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: exactly(msg(locale, 'planner.title')) }).waitFor();
      expect(await saysTurnOnJavaScript(page, locale)).toBe(true);

      for (const path of [
        `/applications/${id}`,
        `/applications/${id}/personal`,
        `/applications/${id}/check`,
      ]) {
        expect((await page.goto(path))?.status(), path).toBe(200);
        expect(await saysTurnOnJavaScript(page, locale), path).toBe(true);
      }
      await page.context().close();
    });
  }
});
