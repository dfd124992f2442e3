// The site as a browser first meets it: the top URL, a deep link, and the security policy.
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness/browser.ts';
import { locales, msg } from './harness/messages.ts';

describe('the site', () => {
  const e2e = useE2E();

  it('serves the web app at / (the address an applicant types)', async () => {
    const response = await fetch(`${e2e.baseUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });

  for (const locale of locales) {
    it(`renders a deep link (/privacy) in ${locale}`, async () => {
      const page = await e2e.newPage(locale);
      await page.goto('/privacy');
      const title = msg(locale, 'app.documentTitle', { page: msg(locale, 'app.title.privacy') });
      await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(title);
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      // The support desk's address is a mail link, not a path under the route (/privacy/mailto:…).
      const mail = page.getByRole('link', { name: 'pre-admission@example.ac.jp' });
      expect(await mail.getAttribute('href')).toBe('mailto:pre-admission@example.ac.jp');
    });
  }

  it('breaks no rule of its Content-Security-Policy', async () => {
    const page = await e2e.newPage('en');
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/privacy', { waitUntil: 'networkidle' });
    await page.goto('/registrations-request', { waitUntil: 'networkidle' });
    expect(violations).toEqual([]);
  });
});
