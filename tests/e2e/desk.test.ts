// The desk's console end to end (issue 40, item 3), in Chromium against the real server and its real build
// of apps/desk under /desk/: a desk member invited by the operator's command (`npm run staff:invite`, run on
// the server's database through the harness, as apps/api/test/staffHelpers.ts runs it) opens the mailed
// link, sets the password, signs in, must add a second factor first (the authenticator app, with a code
// computed from the key the page shows, as a phone would), sees the applications, signs out, and signs in
// again with the password and a new code. And an applicant's session cookie is no staff session: the
// console shows its sign-in page and the staff API answers 401, with no data.
import { describe, expect, it } from 'vitest';
import { uniqueEmail, useE2E } from './harness/browser.ts';
import { exactly, msg } from './harness/messages.ts';
import { expectNoViolations, CodeClock } from './harness/security.ts';

const password = 'Copper7Harbour';
const invitationLink = /https?:\/\/[^\s/]+(\/desk\/invitations\/[^\s]+)/;

describe("the desk's console", () => {
  const e2e = useE2E();

  it(
    'an invited desk member sets a password, adds the authenticator app, sees the applications, and signs in again with a code',
    { timeout: 180_000 },
    async () => {
      const locale = 'ja';
      const t = (id: string, values?: Record<string, string>) => msg(locale, id, values);
      const email = uniqueEmail('desk-member');
      const clock = new CodeClock(e2e);

      const invited = await fetch(`${e2e.baseUrl}/__e2e/staff`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ command: 'invite', args: [email, 'desk'] }),
      });
      expect(await invited.json()).toMatchObject({ exitCode: 0 });
      let path: string | undefined;
      await expect
        .poll(async () => {
          const mail = (await e2e.mailbox.mailsTo(email)).find((item) => invitationLink.test(item.text));
          path = mail && invitationLink.exec(mail.text)![1];
          return path;
        })
        .toBeTruthy();

      const page = await e2e.newPage(locale);
      await page.goto(path!);
      await page.getByRole('heading', { level: 1, name: exactly(t('desk.invitation.title')) }).waitFor();
      await expectNoViolations(page, 'the staff invitation');
      await page.getByRole('textbox', { name: exactly(t('desk.invitation.password')) }).fill(password);
      await page.getByRole('button', { name: exactly(t('desk.invitation.submit')) }).click();

      // Sign-in, the address filled in; an account without a second factor is signed in and sent to add one.
      await page.getByRole('heading', { level: 1, name: exactly(t('desk.signIn.title')) }).waitFor();
      await expect
        .poll(() => page.getByRole('textbox', { name: exactly(t('desk.signIn.email')) }).inputValue())
        .toBe(email);
      await expectNoViolations(page, 'the staff sign-in');
      await page.getByRole('textbox', { name: exactly(t('desk.signIn.password')) }).fill(password);
      await page.getByRole('button', { name: exactly(t('desk.signIn.submit')) }).click();
      await page.getByRole('heading', { level: 1, name: exactly(t('desk.secondFactor.title')) }).waitFor();
      // Nothing else is open until then: the list's address leads back here.
      await page.goto('/desk/applications');
      await page.getByRole('heading', { level: 1, name: exactly(t('desk.secondFactor.title')) }).waitFor();
      await expectNoViolations(page, 'the second factor required');

      await page.getByRole('button', { name: exactly(t('desk.secondFactor.app.start')) }).click();
      const key = (await page.getByTestId('authenticator-key').textContent())!.trim();
      const first = await clock.code(key, undefined);
      await page.getByRole('textbox', { name: exactly(t('desk.secondFactor.app.code')) }).fill(first.code);
      await page.getByRole('button', { name: exactly(t('desk.secondFactor.app.submit')) }).click();
      await page
        .getByRole('heading', { level: 1, name: exactly(t('desk.secondFactor.codes.title')) })
        .waitFor();
      await page.getByRole('button', { name: exactly(t('desk.secondFactor.codes.done')) }).click();
      await page.getByRole('heading', { level: 1, name: exactly(t('desk.list.title')) }).waitFor();
      await expectNoViolations(page, 'the applications list');

      // Signed out; the password again, then the second step with the next code.
      await page.getByRole('button', { name: exactly(t('desk.console.signOut')) }).click();
      await page.getByRole('heading', { level: 1, name: exactly(t('desk.signIn.title')) }).waitFor();
      await page.getByRole('textbox', { name: exactly(t('desk.signIn.email')) }).fill(email);
      await page.getByRole('textbox', { name: exactly(t('desk.signIn.password')) }).fill(password);
      await page.getByRole('button', { name: exactly(t('desk.signIn.submit')) }).click();
      await page.getByRole('heading', { level: 1, name: exactly(t('desk.secondStep.title')) }).waitFor();
      await expectNoViolations(page, 'the staff second step');
      const next = await clock.code(key, first.step);
      await page.getByRole('textbox', { name: exactly(t('desk.secondStep.code')) }).fill(next.code);
      await page.getByRole('button', { name: exactly(t('desk.secondStep.submit')) }).click();
      await page.getByRole('heading', { level: 1, name: exactly(t('desk.list.title')) }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/desk/applications');
    },
  );

  it("shows an applicant's session the staff sign-in page, and the staff API gives it nothing", async () => {
    const locale = 'en';
    const email = uniqueEmail('applicant-at-desk');
    await e2e.server.createAccount(email, password);
    const context = await e2e.newContext(locale);
    await e2e.server.signIn(context, email, password);
    const page = await context.newPage();
    await page.goto('/desk/applications');
    await page.getByRole('heading', { level: 1, name: exactly(msg(locale, 'desk.signIn.title')) }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const list = await context.request.get(`${e2e.baseUrl}/api/staff/applications`, {
      headers: { 'x-request-id': `${Date.now() - Date.UTC(2021, 0, 1)}:1` },
    });
    expect(list.status()).toBe(401);
    expect(JSON.stringify(await list.json())).not.toContain('applications');
  });
});
