// The supervisor's consent end to end (issue 40, item 2), in Chromium against the real server and its real
// builds: programme 11 made to require consent by the operator's command; an applicant's master's draft (programme 11, teacher 103) with its research plan asks for consent
// (through the applicant's API: the asking screen has its own stories and tests); the supervisor, invited by
// the operator's command as teacher 103, sets a password, adds the authenticator app, and lands on the consent
// requests (a supervisor's start page); opens the request, reads the applicant's message, declines it with an
// acceptor reject reason and a message; the applicant's consent page then reads the decline, its reason and
// the message. A server of its own, with programme 11's period open around the run's clock.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requestId } from './harness/api.ts';
import { uniqueEmail, useE2E } from './harness/browser.ts';
import { exactly, msg } from './harness/messages.ts';
import { CodeClock, expectNoViolations } from './harness/security.ts';

const password = 'Copper7Harbour';
const invitationLink = /https?:\/\/[^\s/]+(\/desk\/invitations\/[^\s]+)/;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const askMessage = 'I would like to study machine translation in your laboratory.';
const declineMessage = 'I have no places this year; please ask Professor Sato.';

const periodsFile = join(mkdtempSync(join(tmpdir(), 'pre-admission-periods-')), 'periods.json');
const japan = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 16) + '+09:00';
writeFileSync(
  periodsFile,
  JSON.stringify([
    { id: '2027-april-master', programId: 11, entryYear: 2027, opensAt: japan(-30), closesAt: japan(30) },
  ]),
);

describe("the supervisor's consent", () => {
  const e2e = useE2E({ ownServer: { name: 'desk-consent', env: { PERIODS_FILE: periodsFile } } });

  it(
    'a supervisor declines the request with a reason, and the applicant reads the decline',
    { timeout: 240_000 },
    async () => {
      const locale = 'en';
      const t = (id: string, values?: Record<string, string>) => msg(locale, id, values);

      // Programme 11 requires consent (the operator's command), and the supervisor's account exists: a request
      // goes only to a supervisor who can answer it.
      const required = await fetch(`${e2e.baseUrl}/__e2e/consent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ args: ['require', '11'] }),
      });
      expect(await required.json()).toMatchObject({ exitCode: 0 });
      const supervisor = uniqueEmail('supervisor');
      const invited = await fetch(`${e2e.baseUrl}/__e2e/staff`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ command: 'invite', args: [supervisor, 'supervisor', '103'] }),
      });
      expect(await invited.json()).toMatchObject({ exitCode: 0 });
      let path: string | undefined;
      await expect
        .poll(async () => {
          const mail = (await e2e.mailbox.mailsTo(supervisor)).find((item) => invitationLink.test(item.text));
          path = mail && invitationLink.exec(mail.text)![1];
          return path;
        })
        .toBeTruthy();
      const staff = await e2e.newPage(locale);
      await staff.goto(path!);
      await staff.getByRole('heading', { level: 1, name: exactly(t('desk.invitation.title')) }).waitFor();
      await staff.getByRole('textbox', { name: exactly(t('desk.invitation.password')) }).fill(password);
      await staff.getByRole('button', { name: exactly(t('desk.invitation.submit')) }).click();
      await staff.getByRole('heading', { level: 1, name: exactly(t('desk.signIn.title')) }).waitFor();
      await staff.getByRole('textbox', { name: exactly(t('desk.signIn.password')) }).fill(password);
      await staff.getByRole('button', { name: exactly(t('desk.signIn.submit')) }).click();
      await staff.getByRole('button', { name: exactly(t('desk.secondFactor.app.start')) }).click();
      const key = (await staff.getByTestId('authenticator-key').textContent())!.trim();
      const first = await new CodeClock(e2e).code(key, undefined);
      await staff.getByRole('textbox', { name: exactly(t('desk.secondFactor.app.code')) }).fill(first.code);
      await staff.getByRole('button', { name: exactly(t('desk.secondFactor.app.submit')) }).click();
      await staff.getByRole('button', { name: exactly(t('desk.secondFactor.codes.done')) }).click();
      // A supervisor starts at the consent requests: none yet.
      await staff.getByRole('heading', { level: 1, name: exactly(t('desk.consent.title')) }).waitFor();
      await staff.getByRole('heading', { name: exactly(t('desk.consent.empty.title')) }).waitFor();

      // The applicant: a master's draft naming teacher 103, its research plan, and the request.
      const email = uniqueEmail('consent-applicant');
      await e2e.server.createAccount(email, password);
      const context = await e2e.newContext(locale);
      await e2e.server.signIn(context, email, password);
      const headers = () => ({ 'x-request-id': requestId() });
      const plan = await context.request.put(`${e2e.baseUrl}/api/applicant/plan`, {
        headers: headers(),
        data: {
          studentType: 'master',
          programId: 11,
          teacherId: 103,
          readyCertificateIds: [],
          readyMaterialIds: [],
        },
      });
      expect(plan.status()).toBe(200);
      const started = await context.request.post(`${e2e.baseUrl}/api/applicant/applications`, {
        headers: headers(),
        data: { studentType: 'master' },
      });
      expect(started.status(), await started.text()).toBe(201);
      const { id: applicationId } = (await started.json()) as { id: string };
      const uploaded = await context.request.post(
        `${e2e.baseUrl}/api/applicant/applications/${applicationId}/documents`,
        {
          headers: headers(),
          multipart: {
            slotKind: 'material',
            slotTypeId: '311',
            file: { name: 'research-plan.pdf', mimeType: 'application/pdf', buffer: pdf },
          },
        },
      );
      expect(uploaded.status(), await uploaded.text()).toBe(201);
      const asked = await context.request.post(
        `${e2e.baseUrl}/api/applicant/applications/${applicationId}/consent/requests`,
        { headers: headers(), data: { message: askMessage } },
      );
      expect(asked.status(), await asked.text()).toBe(201);

      // The supervisor's list read again: the request waits; its page; the answer's dialog.
      await staff.reload();
      await staff.getByRole('table').getByRole('link').waitFor();
      await expectNoViolations(staff, 'the consent requests');
      await staff.getByRole('table').getByRole('link').click();
      await staff.getByText(askMessage).waitFor();
      await expectNoViolations(staff, 'a consent request');
      await staff.getByRole('button', { name: exactly(t('desk.consent.decide.open')) }).click();
      const dialog = staff.getByRole('dialog', { name: exactly(t('desk.consent.decide.title')) });
      await dialog.getByRole('radio', { name: exactly(t('desk.consent.decide.decline')) }).check();
      const reason = dialog.getByRole('combobox', { name: exactly(t('desk.consent.decide.reason')) });
      await reason.selectOption({ index: 1 });
      const reasonName = (await reason.locator('option:checked').textContent())!.trim();
      await dialog.getByRole('textbox', { name: exactly(t('desk.consent.response')) }).fill(declineMessage);
      await dialog.getByRole('button', { name: exactly(t('desk.consent.decide.confirm')) }).click();
      const answer = staff.getByRole('region', { name: exactly(t('desk.consent.answer')) });
      await answer.getByText(declineMessage).waitFor();
      await answer.getByText(t('desk.history.reason', { reason: reasonName })).waitFor();
      await expectNoViolations(staff, 'a consent request declined');

      // The applicant's consent page reads the decline, its reason and the supervisor's message.
      const page = await context.newPage();
      await page.goto(`/applications/${applicationId}/consent`);
      await page.getByText(msg(locale, 'planner.application.consent.about.declined')).waitFor();
      await page.getByText(declineMessage).waitFor();
      await page.getByText(reasonName).waitFor();
    },
  );
});
