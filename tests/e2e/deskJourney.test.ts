// Issue 40's journey end to end, in Chromium against the real server and its real builds: two browsers side by
// side, the applicant's (in Japanese) and the staff's (the supervisors' in Japanese, the desk's in English).
// The applicant asks the chosen supervisor for consent; the supervisor declines with a reason and a message;
// the applicant reads it, chooses another supervisor and asks them; who accepts; the applicant submits; the
// desk returns the application for one document with a message; the applicant replaces that document and
// submits again; the desk records the decision, and its history reads the consent steps among the status
// changes; the applicant reads the decision in Japanese. Every step is taken on the screens, by role and label,
// except two a user cannot take there: the staff accounts (the operator's command, through the harness) and
// the draft's answers and files (the applicant's API, as the section screens send them: application.test.ts
// drives those screens). Screenshots of the key steps go to test-results/e2e/journey-*.png.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { COMPLETE_ANSWERS } from '@pre-admission/api-server/src/providerStates/applicationStates.ts';
import { describe, expect, it } from 'vitest';
import { requestId } from './harness/api.ts';
import { Applicant } from './harness/applicant.ts';
import { uniqueEmail, useE2E, type E2E } from './harness/browser.ts';
import { exactly, msg, type Locale } from './harness/messages.ts';
import { CodeClock, expectNoViolations } from './harness/security.ts';

const password = 'Copper7Harbour';
const invitationLink = /https?:\/\/[^\s/]+(\/desk\/invitations\/[^\s]+)/;
const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const screenshots = join('test-results', 'e2e');

const periodsFile = join(mkdtempSync(join(tmpdir(), 'pre-admission-periods-')), 'periods.json');
const japan = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 16) + '+09:00';
writeFileSync(
  periodsFile,
  JSON.stringify([
    { id: '2027-april-master', programId: 11, entryYear: 2027, opensAt: japan(-30), closesAt: japan(30) },
  ]),
);

/** The slots teacher 103's and teacher 108's course (3) requires of a master's application. */
const slots = [
  { slotKind: 'certificate', slotTypeId: '311', name: 'graduation-certificate.pdf' },
  { slotKind: 'certificate', slotTypeId: '312', name: 'transcript.pdf' },
  { slotKind: 'certificate', slotTypeId: '313', name: 'passport.pdf' },
  { slotKind: 'material', slotTypeId: '311', name: 'research-plan.pdf' },
] as const;

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, `journey-${name}.png`), fullPage: true });
}

/**
 * A staff member invited by the operator's command (through the harness), onboarded on the screens as in
 * desk.test.ts: the mailed link, a password, sign-in, the authenticator app. Returns their page, signed in.
 */
async function staffMember(e2e: E2E, clock: CodeClock, locale: Locale, args: string[]): Promise<Page> {
  const t = (id: string) => msg(locale, id);
  const invited = await fetch(`${e2e.baseUrl}/__e2e/staff`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ command: 'invite', args }),
  });
  expect(await invited.json()).toMatchObject({ exitCode: 0 });
  let path: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await e2e.mailbox.mailsTo(args[0]!)).find((item) => invitationLink.test(item.text));
      path = mail && invitationLink.exec(mail.text)![1];
      return path;
    })
    .toBeTruthy();
  const page = await e2e.newPage(locale);
  await page.goto(path!);
  await page.getByRole('heading', { level: 1, name: exactly(t('desk.invitation.title')) }).waitFor();
  await page.getByRole('textbox', { name: exactly(t('desk.invitation.password')) }).fill(password);
  await page.getByRole('button', { name: exactly(t('desk.invitation.submit')) }).click();
  await page.getByRole('heading', { level: 1, name: exactly(t('desk.signIn.title')) }).waitFor();
  await page.getByRole('textbox', { name: exactly(t('desk.signIn.password')) }).fill(password);
  await page.getByRole('button', { name: exactly(t('desk.signIn.submit')) }).click();
  await page.getByRole('button', { name: exactly(t('desk.secondFactor.app.start')) }).click();
  const key = (await page.getByTestId('authenticator-key').textContent())!.trim();
  const { code } = await clock.code(key, undefined);
  await page.getByRole('textbox', { name: exactly(t('desk.secondFactor.app.code')) }).fill(code);
  await page.getByRole('button', { name: exactly(t('desk.secondFactor.app.submit')) }).click();
  await page.getByRole('button', { name: exactly(t('desk.secondFactor.codes.done')) }).click();
  return page;
}

/** The supervisor's answer to the one request on their list: accepted, or declined with a reason and message. */
async function answerRequest(
  page: Page,
  answer: { outcome: 'accept' } | { outcome: 'decline'; message: string },
): Promise<string | undefined> {
  const t = (id: string) => msg('ja', id);
  await page.getByRole('heading', { level: 1, name: exactly(t('desk.consent.title')) }).waitFor();
  // The list as it is now (the request was asked after the page opened).
  await page.reload();
  await page.getByRole('table').getByRole('link').click();
  await page.getByRole('button', { name: exactly(t('desk.consent.decide.open')) }).click();
  const dialog = page.getByRole('dialog', { name: exactly(t('desk.consent.decide.title')) });
  await dialog.getByRole('radio', { name: exactly(t(`desk.consent.decide.${answer.outcome}`)) }).check();
  let reasonName: string | undefined;
  if (answer.outcome === 'decline') {
    const reason = dialog.getByRole('combobox', { name: exactly(t('desk.consent.decide.reason')) });
    await reason.selectOption({ index: 1 });
    reasonName = (await reason.locator('option:checked').textContent())!.trim();
    await dialog.getByRole('textbox', { name: exactly(t('desk.consent.response')) }).fill(answer.message);
  }
  await dialog.getByRole('button', { name: exactly(t('desk.consent.decide.confirm')) }).click();
  await page.getByRole('region', { name: exactly(t('desk.consent.answer')) }).waitFor();
  return reasonName;
}

/** The applicant's request to the supervisor chosen now, from the application's task list. */
async function askForConsent(a: Applicant, applicationId: string, message: string): Promise<void> {
  await a.open(`/applications/${applicationId}`);
  await a.sees('planner.application.title');
  await a.link('planner.application.section.consent').click();
  await a.sees('planner.application.section.consent');
  await a.settle();
  await a.page
    .getByRole('textbox', { name: new RegExp(`^${a.t('planner.application.consent.message')}`) })
    .fill(message);
  await a.button('planner.application.consent.send').click();
  await a.page.getByText(a.t('planner.application.consent.about.requested')).waitFor();
}

/** Check your answers, Submit: the receipt. */
async function submit(a: Applicant, applicationId: string): Promise<void> {
  await a.open(`/applications/${applicationId}`);
  await a.sees('planner.application.title');
  await a.link('planner.application.section.check').click();
  await a.sees('planner.application.section.check');
  await a.settle();
  await a.button('planner.application.check.submit').click();
  await a.sees('planner.application.receipt.title');
}

describe("issue 40's journey", () => {
  const e2e = useE2E({ ownServer: { name: 'desk-journey', env: { PERIODS_FILE: periodsFile } } });

  it(
    'consent declined, asked of another and accepted; submitted, returned for a document, replaced, resubmitted and decided; read in Japanese',
    { timeout: 480_000 },
    async () => {
      const clock = new CodeClock(e2e);
      // Programme 11 requires consent (the operator's command); the two supervisors' accounts exist.
      const required = await fetch(`${e2e.baseUrl}/__e2e/consent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ args: ['require', '11'] }),
      });
      expect(await required.json()).toMatchObject({ exitCode: 0 });
      const suzuki = await staffMember(e2e, clock, 'ja', [uniqueEmail('suzuki'), 'supervisor', '103']);
      const nakamura = await staffMember(e2e, clock, 'ja', [uniqueEmail('nakamura'), 'supervisor', '108']);

      // The applicant, in Japanese: a master's draft naming Ichiro Suzuki (103), every section answered and
      // every required file uploaded through the applicant's API.
      const email = uniqueEmail('journey');
      await e2e.server.createAccount(email, password);
      const context: BrowserContext = await e2e.newContext('ja');
      await e2e.server.signIn(context, email, password);
      const headers = () => ({ 'x-request-id': requestId() });
      const plan = await context.request.put(`${e2e.baseUrl}/api/applicant/plan`, {
        headers: headers(),
        data: {
          ...COMPLETE_ANSWERS.choices,
          studentType: 'master',
          readyCertificateIds: [],
          readyMaterialIds: [],
        },
      });
      expect(plan.status(), await plan.text()).toBe(200);
      const started = await context.request.post(`${e2e.baseUrl}/api/applicant/applications`, {
        headers: headers(),
        data: { studentType: 'master' },
      });
      expect(started.status(), await started.text()).toBe(201);
      const { id: applicationId } = (await started.json()) as { id: string };
      const answered = await context.request.patch(
        `${e2e.baseUrl}/api/applicant/applications/${applicationId}`,
        {
          headers: headers(),
          data: COMPLETE_ANSWERS,
        },
      );
      expect(answered.status(), await answered.text()).toBe(200);
      for (const slot of slots) {
        const uploaded = await context.request.post(
          `${e2e.baseUrl}/api/applicant/applications/${applicationId}/documents`,
          {
            headers: headers(),
            multipart: {
              slotKind: slot.slotKind,
              slotTypeId: slot.slotTypeId,
              file: { name: slot.name, mimeType: 'application/pdf', buffer: pdf(slot.name) },
            },
          },
        );
        expect(uploaded.status(), await uploaded.text()).toBe(201);
      }
      const a = new Applicant(await context.newPage(), 'ja');

      // 1. The applicant asks Professor Suzuki.
      await askForConsent(
        a,
        applicationId,
        '機械翻訳の研究をしたいと考えています。ご指導をお願いできますでしょうか。',
      );
      await shoot(a.page, '1-asked');

      // 2. Professor Suzuki declines, with a reason and a message.
      const declineMessage = '今年度は受け入れ枠がありません。中村先生に相談してみてください。';
      const reasonName = await answerRequest(suzuki, { outcome: 'decline', message: declineMessage });
      await expectNoViolations(suzuki, 'a consent request declined');
      await shoot(suzuki, '2-declined-by-supervisor');

      // 3. The applicant reads the decline, its reason and the message, chooses Professor Nakamura and asks.
      await a.page.reload();
      await a.page.getByText(a.t('planner.application.consent.about.declined')).waitFor();
      await a.page.getByText(declineMessage).waitFor();
      await a.page.getByText(reasonName!).first().waitFor();
      await shoot(a.page, '3-decline-read');
      await a.link('planner.application.consent.chooseAnother').click();
      await a.sees('planner.application.section.choices');
      await a.settle();
      await a.page.getByRole('radio', { name: /中村 由美/ }).check();
      await a.button('planner.continue').click();
      await a.sees('planner.application.section.personal');
      await askForConsent(a, applicationId, '中村先生の研究室で機械翻訳を研究したいと考えています。');

      // 4. Professor Nakamura accepts.
      await answerRequest(nakamura, { outcome: 'accept' });
      await shoot(nakamura, '4-accepted-by-supervisor');

      // 5. The applicant submits.
      await submit(a, applicationId);
      const sent = (await (
        await context.request.get(`${e2e.baseUrl}/api/applicant/applications/${applicationId}`)
      ).json()) as { status: string; reference: string; documents: { id: string; fileName: string }[] };
      expect(sent.status).toBe('submitted');
      await shoot(a.page, '5-submitted');

      // 6. The desk (in English) finds it by its reference number and returns it for the transcript.
      const desk = await staffMember(e2e, clock, 'en', [uniqueEmail('desk'), 'desk']);
      const d = (id: string, values?: Record<string, string>) => msg('en', id, values);
      await desk.getByRole('heading', { level: 1, name: exactly(d('desk.list.title')) }).waitFor();
      await desk
        .getByRole('searchbox', { name: exactly(d('desk.filter.search')) })
        .or(desk.getByRole('textbox', { name: exactly(d('desk.filter.search')) }))
        .fill(sent.reference);
      await desk.keyboard.press('Enter');
      await desk.getByRole('link', { name: exactly(sent.reference) }).click();
      const title = desk.getByRole('heading', {
        level: 1,
        name: exactly(d('desk.application.title', { reference: sent.reference })),
      });
      await title.waitFor();
      const returnMessage = 'The transcript is missing its second page. Please upload all pages in one PDF.';
      await desk.getByRole('button', { name: exactly(d('desk.return.open')) }).click();
      const returning = desk.getByRole('dialog', { name: exactly(d('desk.return.title')) });
      await returning.getByRole('checkbox', { name: /transcript\.pdf/ }).check();
      const due = new Date(Date.now() + 10 * 86_400_000 + 9 * 3_600_000);
      await returning
        .getByRole('textbox', { name: exactly(d('desk.date.year')) })
        .fill(String(due.getUTCFullYear()));
      await returning
        .getByRole('textbox', { name: exactly(d('desk.date.month')) })
        .fill(String(due.getUTCMonth() + 1));
      await returning
        .getByRole('textbox', { name: exactly(d('desk.date.day')) })
        .fill(String(due.getUTCDate()));
      await returning.getByRole('textbox', { name: exactly(d('desk.return.message')) }).fill(returnMessage);
      await returning.getByRole('button', { name: exactly(d('desk.return.open')) }).click();
      await desk.getByRole('status').getByText(d('desk.done.return')).waitFor();
      await shoot(desk, '6-returned-by-desk');

      // 7. The applicant reads the message, replaces the transcript and submits again.
      await a.open('/applications');
      await a.sees('planner.title');
      const card = a.page.getByRole('article').filter({ hasText: sent.reference });
      await card.getByText(returnMessage).waitFor();
      await shoot(a.page, '7-returned-read');
      // The link names the application after its verb.
      await card.getByRole('link', { name: new RegExp(`^${a.t('planner.status.open.change')}`) }).click();
      await a.sees('planner.application.title');
      await a.link('planner.application.section.documents').click();
      await a.sees('planner.application.section.documents');
      await a.settle();
      await a.page
        .getByLabel(
          a.t('planner.documents.replace', { name: 'transcript.pdf' }).replace(/<\/?hidden>/g, ''),
          {
            exact: true,
          },
        )
        .setInputFiles({
          name: 'transcript-all-pages.pdf',
          mimeType: 'application/pdf',
          buffer: pdf('both pages'),
        });
      await expect
        .poll(() => a.page.locator('main').textContent(), { timeout: 15_000 })
        .toContain('transcript-all-pages.pdf');
      await submit(a, applicationId);
      await expect
        .poll(async () => {
          const read = await context.request.get(
            `${e2e.baseUrl}/api/applicant/applications/${applicationId}`,
          );
          return ((await read.json()) as { status: string }).status;
        })
        .toBe('resubmitted');

      // 8. The desk reads the history, the consent steps among the status changes, and records the decision.
      await desk.reload();
      await title.waitFor();
      const history = desk.getByRole('region', { name: exactly(d('desk.history.title')) });
      await history.getByText(d('desk.history.resubmitted')).waitFor();
      const pattern = (id: string) =>
        new RegExp(
          d(id, { teacher: '\u0000', trigger: '\u0000', result: '\u0000' })
            .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
            .replaceAll('\u0000', '.+'),
        );
      // The desk also reads the export-control screening's steps (issue 41: at each consent request and each
      // submission); this applicant's institutions are on no list, so each says clear. The rest in order:
      const all = await history.getByRole('listitem').allTextContents();
      const screenings = all.filter((line) => pattern('desk.history.screened').test(line));
      expect(screenings).toHaveLength(4);
      for (const line of screenings) expect(line).toContain(d('desk.screening.result.clear'));
      const lines = all.filter((line) => !screenings.includes(line));
      const order = [
        'desk.history.consent.asked',
        'desk.history.consent.declined',
        'desk.history.consent.asked',
        'desk.history.consent.accepted',
        'desk.history.submitted',
      ];
      order.forEach((id, index) => expect(lines[index], `history line ${index + 1}`).toMatch(pattern(id)));
      expect(lines[1]).toContain(declineMessage);
      expect(lines.at(-1)).toContain(d('desk.history.resubmitted'));
      await desk.getByRole('button', { name: exactly(d('desk.decision.open')) }).click();
      const deciding = desk.getByRole('dialog', { name: exactly(d('desk.decision.title')) });
      await deciding.getByRole('radio', { name: exactly(d('desk.decision.accepted')) }).check();
      await deciding.getByRole('button', { name: exactly(d('desk.decision.confirm')) }).click();
      await desk.getByRole('status').getByText(d('desk.done.decision')).waitFor();
      await history
        .getByText(new RegExp(d('desk.history.accepted', { actor: '\u0000' }).split('\u0000')[1]!))
        .waitFor();
      await expectNoViolations(desk, 'an application decided, its history with the consent');
      await shoot(desk, '8-decided-by-desk');

      // 9. The applicant reads the decision, in Japanese.
      await a.open('/applications');
      await a.sees('planner.title');
      await card.getByText(a.t('planner.status.decision.accepted')).waitFor();
      await expect
        .poll(() => card.getByRole('definition').first().textContent())
        .toBe(a.t('planner.status.decided'));
      await expectNoViolations(a.page, 'applications, decided, Japanese');
      await shoot(a.page, '9-decision-read');
    },
  );
});
