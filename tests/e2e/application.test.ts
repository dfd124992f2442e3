// An application (docs/behaviour.md#applications and #routes, Applications), end to end against the real
// server and its seed, in English: a plan of the master's kind starts an application from its summary (the
// plan's choices its first answers), the sections are filled in through the screens one after another (Save
// and continue goes to the next), each required document chosen with its slot's file button, "Check your
// answers" shows every answer and nothing missing, and Submit gives the receipt with its reference number and
// the receipt mail. Axe runs on every page reached. A server of its own,
// with a period of programme 11 open around the run's clock, so that the test does not depend on the day.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { documentSlots } from '@pre-admission/rules';
import { describe, expect, it } from 'vitest';
import { requestId } from './harness/api.ts';
import { Applicant } from './harness/applicant.ts';
import { analyze } from './harness/axe.ts';
import { uniqueEmail, useE2E } from './harness/browser.ts';
import { exactly } from './harness/messages.ts';

const password = 'Passw0rdApply';

/** Programme 11's period, open from a month ago until a month from now (Japan time, as the file writes it). */
const periodsFile = join(mkdtempSync(join(tmpdir(), 'pre-admission-periods-')), 'periods.json');
const japan = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 16) + '+09:00';
writeFileSync(
  periodsFile,
  JSON.stringify([
    { id: '2027-april-master', programId: 11, entryYear: 2027, opensAt: japan(-30), closesAt: japan(30) },
  ]),
);

async function expectNoViolations(page: Page, state: string): Promise<void> {
  const { violations } = await analyze(page, state);
  const report = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(report, `axe violations on ${state} (${page.url()})`).toEqual([]);
}

/** A PDF file-type reads as one: its header and its end. */
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('an application', () => {
  const e2e = useE2E({ ownServer: { name: 'application', env: { PERIODS_FILE: periodsFile } } });

  it('is started from the plan, filled in section by section in English, checked and submitted, with its receipt', async () => {
    const email = uniqueEmail('application');
    await e2e.server.createAccount(email, password);
    const context = await e2e.newContext('en');
    const page = await context.newPage();
    const a = new Applicant(page, 'en');
    await a.open('/');
    await a.signInAndArrive(email, password);
    await a.seesPlan();

    // The plan (saved through the API: its screens have a test of their own): master's, programme 11, Ichiro
    // Suzuki, the MEXT embassy scholarship.
    const plan = await context.request.put(`${e2e.baseUrl}/api/applicant/plan`, {
      headers: { 'x-request-id': requestId() },
      data: {
        studentType: 'master',
        programId: 11,
        teacherId: 103,
        scholarshipTypeId: 12,
        scholarshipStatusId: 4,
        financialSupportId: 1,
        readyCertificateIds: [],
        readyMaterialIds: [],
      },
    });
    expect(plan.status()).toBe(200);
    await page.reload();
    await a.seesPlan();

    // 1. The plan's summary starts the application: its task list, the choices already complete.
    await page.getByRole('link', { name: exactly(a.t('planner.task.summary')) }).click();
    await a.button('planner.application.start.button').click();
    await a.sees('planner.application.title');
    const [, applicationId] = /\/applications\/([\w-]{22})$/.exec(new URL(page.url()).pathname) ?? [];
    expect(applicationId).toBeDefined();
    const row = (section: string) =>
      page.locator('main li').filter({ hasText: a.t(`planner.application.section.${section}`) });
    await expect.poll(() => row('choices').textContent()).toContain(a.t('planner.status.completed'));
    await expect.poll(() => row('personal').textContent()).toContain(a.t('planner.status.notStarted'));
    await expectNoViolations(page, 'application task list, started');

    // 2. Personal details: a date of birth in the future is refused before anything is sent.
    await page.getByRole('link', { name: exactly(a.t('planner.application.section.personal')) }).click();
    await a.sees('planner.application.section.personal');
    await a.settle();
    await page
      .getByRole('textbox', { name: exactly(a.t('planner.application.personal.familyName')) })
      .fill('CHEN');
    await page
      .getByRole('textbox', {
        name: exactly(
          a.t('planner.application.optional', { label: a.t('planner.application.personal.givenNames') }),
        ),
      })
      .fill('XIAOMING');
    const date = (part: string) =>
      page.getByRole('textbox', { name: exactly(a.t(`planner.application.date.${part}`)) });
    await date('year').fill('2099');
    await date('month').fill('4');
    await date('day').fill('2');
    await page
      .getByRole('combobox', { name: exactly(a.t('planner.application.personal.nationality')) })
      .selectOption('156');
    await page
      .getByRole('combobox', { name: exactly(a.t('planner.application.personal.residence')) })
      .selectOption('156');
    await a.button('planner.continue').click();
    await page.getByRole('heading', { level: 2, name: exactly(a.t('ui.errorSummary.title')) }).waitFor();
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain(a.t('planner.application.error.in_future'));
    await expectNoViolations(page, 'personal details, a date in the future');
    await date('year').fill('1999');
    await a.button('planner.continue').click();

    // 3. Contact details: the account's address shown; the telephone as people write it.
    await a.sees('planner.application.section.contact');
    await a.settle();
    await expect.poll(() => page.locator('main').textContent()).toContain(email);
    await page
      .getByRole('textbox', { name: exactly(a.t('planner.application.contact.line1')) })
      .fill('12 Zhongguancun Street');
    await page
      .getByRole('textbox', { name: exactly(a.t('planner.application.contact.city')) })
      .fill('Beijing');
    await page
      .getByRole('combobox', { name: exactly(a.t('planner.application.contact.country')) })
      .selectOption('156');
    await page
      .getByRole('textbox', { name: exactly(a.t('planner.application.contact.telephone')) })
      .fill('+86 138 0013 8000');
    await expectNoViolations(page, 'contact details');
    await a.button('planner.continue').click();

    // 4. Education history: China's note, Tsinghua from the ranked list, four years.
    await a.sees('planner.application.section.education');
    await a.settle();
    await page
      .getByRole('combobox', { name: exactly(a.t('planner.application.education.country')) })
      .selectOption('156');
    await expect.poll(() => page.locator('main').textContent()).toContain('CHESICC');
    await page
      .getByRole('combobox', { name: exactly(a.t('planner.application.education.institution')) })
      .selectOption({ label: 'Tsinghua University' });
    await page
      .getByRole('combobox', { name: exactly(a.t('planner.application.education.type')) })
      .selectOption('4');
    const years = page.getByRole('textbox', { name: exactly(a.t('planner.application.date.year')) });
    const months = page.getByRole('textbox', { name: exactly(a.t('planner.application.date.month')) });
    await years.nth(0).fill('2017');
    await months.nth(0).fill('9');
    await years.nth(1).fill('2021');
    await months.nth(1).fill('7');
    await expectNoViolations(page, 'education history');
    await a.button('planner.continue').click();

    // 5. Documents: a PDF in every required slot of the supervisor's course and the kind, chosen with each
    // slot's file button (the docs-ui engineer's section); each is stored as it is chosen.
    await a.sees('planner.application.section.documents');
    await a.settle();
    const listsResponse = await context.request.get(
      `${e2e.baseUrl}/api/reference-lists?names=supplementalMaterialTypes&names=teachers&names=applicationCertificateTypes&names=supplementalMaterialRequires`,
    );
    expect(listsResponse.status()).toBe(200);
    const lists = (await listsResponse.json()) as Parameters<typeof documentSlots>[0];
    const named = lists as unknown as {
      applicationCertificateTypes: { id: number; name: string }[];
      supplementalMaterialRequires: { id: number; supplementalMaterialTypeId: number }[];
      supplementalMaterialTypes: { id: number; name: string }[];
    };
    const required = (documentSlots(lists, 'master', { programId: 11, teacherId: 103 }) ?? []).filter(
      (slot) => slot.required,
    );
    expect(required.length).toBeGreaterThan(0);
    for (const slot of required) {
      const name =
        slot.slotKind === 'certificate'
          ? named.applicationCertificateTypes.find((type) => type.id === slot.slotTypeId)?.name
          : named.supplementalMaterialTypes.find(
              (type) =>
                type.id ===
                lists.supplementalMaterialRequires.find((r) => r.id === slot.slotTypeId)
                  ?.supplementalMaterialTypeId,
            )?.name;
      const fileName = `${slot.slotKind}-${slot.slotTypeId}.pdf`;
      await page
        .getByLabel(a.t('planner.documents.choose', { slot: name ?? '' }).replace(/<\/?hidden>/g, ''), {
          exact: true,
        })
        .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
      await expect.poll(() => page.locator('main').textContent(), { timeout: 15_000 }).toContain(fileName);
    }
    await a.settle();
    await expectNoViolations(page, 'documents, uploaded');
    await a.button('planner.continue').click();

    // 6. Declarations.
    await a.sees('planner.application.section.declarations');
    await a.settle();
    await page
      .getByRole('checkbox', { name: exactly(a.t('planner.application.declarations.informationTrue')) })
      .check();
    await page
      .getByRole('checkbox', { name: exactly(a.t('planner.application.declarations.privacyAccepted')) })
      .check();
    await expectNoViolations(page, 'declarations');
    await a.button('planner.continue').click();

    // 7. Check your answers: every answer with its Change link, nothing missing, Submit.
    await a.sees('planner.application.section.check');
    await expect.poll(() => page.locator('main').textContent()).toContain('XIAOMING');
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain(`${required[0]!.slotKind}-${required[0]!.slotTypeId}.pdf`);
    await expect
      .poll(() => page.locator('main').textContent())
      .not.toContain(a.t('planner.application.check.notReady'));
    await expectNoViolations(page, 'check your answers, complete');

    // 8. Submit: the receipt, its reference number, the mail.
    const mailsBefore = await e2e.mailbox.count(email);
    await a.button('planner.application.check.submit').click();
    await a.sees('planner.application.receipt.title');
    await expect.poll(() => page.locator('main').textContent()).toMatch(/M\d{2} [0-9A-Z]{4} [0-9A-Z]{4}/);
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain(a.t('planner.application.receipt.mail', { email }));
    await expectNoViolations(page, 'receipt');
    await expect.poll(() => e2e.mailbox.count(email)).toBeGreaterThan(mailsBefore);
    const sent = await context.request.get(`${e2e.baseUrl}/api/applicant/applications/${applicationId}`);
    const application = (await sent.json()) as { status: string; reference: string };
    expect(application.status).toBe('submitted');
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain(application.reference.replaceAll('-', ' '));
  });

  it('keeps what was typed through a reload, and a missing answer’s link puts the focus in its field', async () => {
    const email = uniqueEmail('application-kept');
    await e2e.server.createAccount(email, password);
    const context = await e2e.newContext('en');
    const page = await context.newPage();
    const a = new Applicant(page, 'en');
    await a.open('/');
    await a.signInAndArrive(email, password);
    await a.seesPlan();
    const plan = await context.request.put(`${e2e.baseUrl}/api/applicant/plan`, {
      headers: { 'x-request-id': requestId() },
      data: {
        studentType: 'master',
        programId: 11,
        teacherId: 103,
        readyCertificateIds: [],
        readyMaterialIds: [],
      },
    });
    expect(plan.status()).toBe(200);
    await page.reload();
    await a.seesPlan();
    await page.getByRole('link', { name: exactly(a.t('planner.task.summary')) }).click();
    await a.button('planner.application.start.button').click();
    await a.sees('planner.application.title');
    const [, applicationId] = /\/applications\/([\w-]{22})$/.exec(new URL(page.url()).pathname) ?? [];

    // Check your answers: the family name's link lands in the family name field, the app's own focus on the
    // new page's heading (useNavigationEffects) notwithstanding.
    await a.open(`/applications/${applicationId}/check`);
    await a.sees('planner.application.section.check');
    await page
      .getByRole('link', {
        name: exactly(
          a.t('ui.errorSummary.item', {
            label: a.t('planner.application.personal.familyName'),
            message: a.t('planner.application.error.required_text'),
          }),
        ),
      })
      .click();
    await a.sees('planner.application.section.personal');
    await a.settle();
    const family = page.getByRole('textbox', {
      name: exactly(a.t('planner.application.personal.familyName')),
    });
    await expect.poll(() => family.evaluate((input) => input === document.activeElement)).toBe(true);

    // Typed, not saved, reloaded: back as typed, with the notice; saved: neither kept nor restored.
    await family.fill('CHEN');
    await page.reload();
    await a.sees('planner.application.section.personal');
    await expect.poll(() => family.inputValue()).toBe('CHEN');
    const restored = a.t('planner.application.restored', { button: a.t('planner.continue') });
    await expect.poll(() => page.locator('main').textContent()).toContain(restored);
    await a.button('planner.continue').click();
    await a.sees('planner.application.section.contact');
    await a.open(`/applications/${applicationId}/personal`);
    await a.sees('planner.application.section.personal');
    await expect.poll(() => family.inputValue()).toBe('CHEN');
    await expect.poll(() => page.locator('main').textContent()).not.toContain(restored);
    expect(
      await page.evaluate(() =>
        Object.keys(sessionStorage).filter((key) => key.startsWith('pre-admission:planner-draft')),
      ),
    ).toEqual([]);
  });
});
