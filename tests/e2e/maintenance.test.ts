// Issue 27 defect 10: the maintenance stops come from the desk's file (MAINTENANCE_FILE) at run time, on a
// server of this file's own; an edit shows without a rebuild or a restart, the prerendered sign-in page bakes
// none in, and a failed read leaves the page working without a notice (docs/operations.md#maintenance-windows).
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Applicant } from './harness/applicant.ts';
import { useE2E } from './harness/browser.ts';
import { locales, msg } from './harness/messages.ts';

const file = join(mkdtempSync(join(tmpdir(), 'pre-admission-maintenance-')), 'maintenance.json');
const day = 24 * 60 * 60 * 1000;
const start = new Date(Date.now() + day);
const end = new Date(Date.now() + 2 * day);
const text = {
  ja: 'この間は出願準備の保存もできません。',
  en: 'You cannot save your application plan during this time.',
};

let edits = 0;
/** Writes the file as the desk edits it: a later modification time each time. */
function announce(windows: unknown[]): void {
  writeFileSync(file, JSON.stringify(windows));
  edits += 1;
  const at = new Date(Date.now() + edits * 1000);
  utimesSync(file, at, at);
}
announce([{ start: start.toISOString(), end: end.toISOString(), text }]);

describe('the maintenance notice, from the server at run time', () => {
  const e2e = useE2E({ ownServer: { name: 'maintenance', env: { MAINTENANCE_FILE: file } } });

  for (const locale of locales) {
    it(`shows the announced stop with the desk's text on the sign-in and registration pages (${locale})`, async () => {
      const a = new Applicant(await e2e.newPage(locale), locale);
      for (const path of ['/', '/registrations-request']) {
        await a.open(path);
        await a.page.getByText(msg(locale, 'account.maintenance.title')).first().waitFor();
        await a.page.getByText(text[locale]).first().waitFor();
      }
    });

    it(`is hidden once the stop's end has passed (browser clock after it) (${locale})`, async () => {
      const page = await e2e.newPage(locale);
      await page.clock.setFixedTime(new Date(end.getTime() + 1000));
      const a = new Applicant(page, locale);
      await a.open('/');
      await a.sees('account.signIn.title');
      await page.waitForLoadState('networkidle');
      expect(await page.getByText(msg(locale, 'account.maintenance.title')).count()).toBe(0);
    });
  }

  it('the prerendered sign-in page carries no notice: it comes from the read', async () => {
    const html = await (await fetch(`${e2e.baseUrl}/`, { headers: { 'accept-language': 'en' } })).text();
    expect(html).toContain(msg('en', 'account.signIn.title'));
    expect(html).not.toContain(msg('en', 'account.maintenance.title'));
    expect(html).not.toContain(text.en);
  });

  it('a failed read leaves the sign-in page working, without a notice', async () => {
    const page = await e2e.newPage('en');
    await page.route('**/api/maintenance-windows', (route) => route.abort('failed'));
    const a = new Applicant(page, 'en');
    await a.open('/');
    await a.sees('account.signIn.title');
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(msg('en', 'account.maintenance.title')).count()).toBe(0);
    await a.field('account.field.email').fill('someone@example.com');
    expect(await a.field('account.field.email').inputValue()).toBe('someone@example.com');
  });

  it('an edit of the file shows without a restart (a new visit, its cache empty)', async () => {
    announce([]);
    const a = new Applicant(await e2e.newPage('en'), 'en');
    await a.open('/');
    await a.sees('account.signIn.title');
    await a.page.waitForLoadState('networkidle');
    expect(await a.page.getByText(msg('en', 'account.maintenance.title')).count()).toBe(0);
    const later = { ja: '延長しました。', en: 'The stop is extended.' };
    announce([{ start: start.toISOString(), end: new Date(end.getTime() + day).toISOString(), text: later }]);
    const b = new Applicant(await e2e.newPage('en'), 'en');
    await b.open('/');
    await b.page.getByText(later.en).first().waitFor();
  });
});
