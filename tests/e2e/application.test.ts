// An application (docs/behaviour.md#applications and #routes, Applications), end to end against the real
// server and its seed, in English: a plan of the master's kind starts an application from its summary (the
// plan's choices its first answers), the sections are filled in through the screens one after another (Save
// and continue goes to the next), each required document chosen with its slot's file button, "Check your
// answers" shows every answer and nothing missing, and Submit gives the receipt with its reference number and
// the receipt mail. Issue 38's acceptance: a JPEG carrying its GPS position goes into a slot beside the PDFs,
// its preview (the server's re-encoding, what the screen shows) has no EXIF, the original is kept byte for
// byte for the desk; the receipt mail names the reference number and every file, in English; after switching
// to Japanese and a reload, /applications reads the status in Japanese, and the application is withdrawn
// with a reason by keyboard. Axe runs on every page reached. A server of its own,
// with a period of programme 11 open around the run's clock, so that the test does not depend on the day.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { documentSlots } from '@pre-admission/rules';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { requestId } from './harness/api.ts';
import { Applicant } from './harness/applicant.ts';
import { analyze } from './harness/axe.ts';
import { uniqueEmail, useE2E } from './harness/browser.ts';
import { exactly, msg } from './harness/messages.ts';

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

/** A photo as a phone saves it: a JPEG whose EXIF has the camera and the GPS position (Tokyo, 35°41'N 139°46'E). */
const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#6a8caf' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '35/1 41/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '139/1 46/1 0/1',
      },
    })
    .toBuffer();

/**
 * The GPS latitude (degrees, minutes, seconds) in an EXIF block as sharp's metadata() gives it ("Exif\0\0",
 * then TIFF): IFD0's GPSInfo pointer (tag 0x8825), then the GPS IFD's GPSLatitude (tag 2, three rationals).
 * Undefined when there is none.
 */
function gpsLatitude(exif: Buffer | undefined): number[] | undefined {
  if (!exif) return undefined;
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') === 0 ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const find = (ifd: number, tag: number) => {
    for (let i = 0, count = u16(ifd); i < count; i += 1) {
      const entry = ifd + 2 + i * 12;
      if (u16(entry) === tag) return u32(entry + 8);
    }
    return undefined;
  };
  const gps = find(u32(4), 0x8825);
  const latitude = gps === undefined ? undefined : find(gps, 2);
  if (latitude === undefined) return undefined;
  return [0, 1, 2].map((i) => u32(latitude + i * 8) / u32(latitude + i * 8 + 4));
}

/** Presses Tab (at most 80 times) until the target has the focus, as a keyboard user gets there. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the keyboard did not reach the target within 80 presses of Tab');
}

describe('an application', () => {
  const e2e = useE2E({ ownServer: { name: 'application', env: { PERIODS_FILE: periodsFile } } });

  it('is started from the plan, filled in section by section in English, checked and submitted, with its receipt', async () => {
    const email = uniqueEmail('application');
    await e2e.server.createAccount(email, password);
    const context = await e2e.newContext('en');
    const page = await context.newPage();
    const a = new Applicant(page, 'en');
    // Each page's tab title, by language: its own heading then the site's name (app.documentTitle), as every
    // route's; the pages of one application each have their own.
    const titles: Record<string, Set<string>> = { en: new Set(), ja: new Set() };
    const titled = async (who: Applicant, headingId: string) => {
      const expected = who.t('app.documentTitle', { page: who.t(headingId) });
      await expect.poll(() => page.title(), { message: `the tab title of ${headingId}` }).toBe(expected);
      titles[who.locale]!.add(expected);
    };
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
    await titled(a, 'app.title.applications');

    // 1. The plan's summary starts the application: its task list, the choices already complete.
    await page.getByRole('link', { name: exactly(a.t('planner.task.summary')) }).click();
    await a.button('planner.application.start.button').click();
    await a.sees('planner.application.title');
    await titled(a, 'planner.application.title');
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
    await titled(a, 'planner.application.section.personal');
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
    await expect
      .poll(() => page.title())
      .toBe(
        a.t('ui.errorSummary.documentTitle', {
          title: a.t('app.documentTitle', { page: a.t('planner.application.section.personal') }),
        }),
      );
    await expectNoViolations(page, 'personal details, a date in the future');
    await date('year').fill('1999');
    await a.button('planner.continue').click();

    // 3. Contact details: the account's address shown; the telephone as people write it.
    await a.sees('planner.application.section.contact');
    await titled(a, 'planner.application.section.contact');
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
    await titled(a, 'planner.application.section.education');
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
    await titled(a, 'planner.application.section.documents');
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
    const slotName = (slot: (typeof required)[number]) =>
      slot.slotKind === 'certificate'
        ? named.applicationCertificateTypes.find((type) => type.id === slot.slotTypeId)?.name
        : named.supplementalMaterialTypes.find(
            (type) =>
              type.id ===
              lists.supplementalMaterialRequires.find((r) => r.id === slot.slotTypeId)
                ?.supplementalMaterialTypeId,
          )?.name;
    for (const slot of required) {
      const name = slotName(slot);
      const fileName = `${slot.slotKind}-${slot.slotTypeId}.pdf`;
      await page
        .getByLabel(a.t('planner.documents.choose', { slot: name ?? '' }).replace(/<\/?hidden>/g, ''), {
          exact: true,
        })
        .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
      await expect.poll(() => page.locator('main').textContent(), { timeout: 15_000 }).toContain(fileName);
    }
    // The photo, with its GPS position, into the first required slot beside its PDF, with the same button.
    const jpeg = await photo();
    expect(gpsLatitude((await sharp(jpeg).metadata()).exif), 'the photo carries its GPS position').toEqual([
      35, 41, 0,
    ]);
    const firstName = slotName(required[0]!);
    const photoName = 'certificate-photo.jpg';
    await page
      .getByLabel(a.t('planner.documents.choose', { slot: firstName ?? '' }).replace(/<\/?hidden>/g, ''), {
        exact: true,
      })
      .first()
      .setInputFiles({ name: photoName, mimeType: 'image/jpeg', buffer: jpeg });
    const previewButton = a.page.getByRole('button', {
      name: exactly(a.t('ui.attachment.preview', { name: photoName })),
    });
    await previewButton.waitFor({ timeout: 15_000 });
    await a.settle();
    await expectNoViolations(page, 'documents, uploaded');

    // Its preview, as the screen shows it (the dialog's image, from getApplicationDocumentPreview), has no
    // EXIF at all; the original, as the desk downloads it, is the bytes sent, GPS and all.
    await previewButton.click();
    const dialog = page.getByRole('dialog', {
      name: exactly(a.t('ui.attachment.previewTitle', { name: photoName })),
    });
    const image = dialog.getByRole('img', { name: exactly(photoName) });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expectNoViolations(page, 'documents, the photo previewed');
    const previewUrl = new URL((await image.getAttribute('src'))!, e2e.baseUrl).href;
    const preview = await context.request.get(previewUrl);
    expect(preview.status()).toBe(200);
    expect(preview.headers()['x-content-type-options']).toBe('nosniff');
    const previewed = await sharp(await preview.body()).metadata();
    expect(previewed.width, 'the preview is an image').toBeGreaterThan(0);
    expect(previewed.exif, 'the preview has no EXIF (no GPS position)').toBeUndefined();
    expect(gpsLatitude(previewed.exif)).toBeUndefined();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const draft = (await (
      await context.request.get(`${e2e.baseUrl}/api/applicant/applications/${applicationId}`)
    ).json()) as { documents: { id: string; fileName: string; hasPreview: boolean }[] };
    const stored = draft.documents.find((doc) => doc.fileName === photoName);
    expect(stored?.hasPreview).toBe(true);
    expect(previewUrl).toBe(
      `${e2e.baseUrl}/api/applicant/applications/${applicationId}/documents/${stored!.id}/preview`,
    );
    const original = await context.request.get(
      `${e2e.baseUrl}/api/applicant/applications/${applicationId}/documents/${stored!.id}`,
    );
    expect(original.status()).toBe(200);
    expect(original.headers()['content-disposition']).toMatch(/^attachment/);
    expect(Buffer.compare(await original.body(), jpeg), 'the desk gets the original bytes').toBe(0);
    await a.button('planner.continue').click();

    // 6. Declarations.
    await a.sees('planner.application.section.declarations');
    await titled(a, 'planner.application.section.declarations');
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
    await titled(a, 'planner.application.section.check');
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
    await titled(a, 'planner.application.receipt.title');
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

    expect(titles.en!.size, 'a title of its own for every page').toBe(9);

    // 9. The receipt mail, in English: the reference number the receipt page shows, every document sent.
    const shown = /M\d{2} [0-9A-Z]{4} [0-9A-Z]{4}/.exec((await page.locator('main').textContent()) ?? '')![0];
    const mail = (await e2e.mailbox.mailsTo(email)).find((m) => m.subject.includes('application'));
    expect(mail, 'the receipt mail').toBeDefined();
    const reference = shown.replaceAll(' ', '-');
    expect(reference).toBe(application.reference);
    expect(mail!.subject).toContain(`We received your application (reference number ${reference})`);
    expect(mail!.text).toContain(`Reference number: ${reference}`);
    const sentList = mail!.text.slice(mail!.text.indexOf('Documents sent:'));
    expect(sentList).toContain(photoName);
    for (const slot of required) expect(sentList).toContain(`${slot.slotKind}-${slot.slotTypeId}.pdf`);
    for (const slot of required) expect(sentList).toContain(`・${slotName(slot)}`);

    // 10. Japanese, as an applicant switches (the header's language switch), then a reload: /applications
    // reads the application's status in Japanese, with its reference number.
    await page.getByRole('radio', { name: '日本語' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ja');
    const j = new Applicant(page, 'ja');
    await j.sees('planner.application.receipt.title');
    await page.reload();
    await j.sees('planner.application.receipt.title');
    await j.openAccountMenu('ui.accountMenu.applications');
    await j.waitForPath('/applications');
    await j.sees('planner.title');
    const card = page.getByRole('article').filter({ hasText: application.reference });
    await card.waitFor();
    const statusRow = card.getByRole('definition').first();
    await expect.poll(() => statusRow.textContent()).toBe(j.t('planner.status.submitted'));
    await card.getByText(exactly(j.t('planner.status.history.submitted'))).waitFor();
    await expectNoViolations(page, 'applications, submitted, Japanese');
    await titled(j, 'app.title.applications');
    // Each page of the application, opened by its address (as after a reload): its own title, in Japanese
    // (Check your answers shows the receipt once the application is sent).
    const pages = [
      ['', 'planner.application.title'],
      ...['choices', 'personal', 'contact', 'education', 'documents', 'declarations'].map((p) => [
        `/${p}`,
        `planner.application.section.${p}`,
      ]),
      ['/receipt', 'planner.application.receipt.title'],
    ] as const;
    for (const [suffix, headingId] of pages) {
      await j.open(`/applications/${applicationId}${suffix}`);
      await j.sees(headingId);
      await titled(j, headingId);
    }
    expect(titles.ja!.size, 'a title of its own for every page').toBe(9);
    expect([...titles.ja!].some((title) => titles.en!.has(title))).toBe(false);
    await j.openAccountMenu('ui.accountMenu.applications');
    await j.waitForPath('/applications');
    await card.waitFor();

    // 11. Withdrawn with a reason, by keyboard: Tab to Withdraw, Enter; Tab to the reason, type it; Tab to the
    // dialog's Withdraw, Enter. The status and the history say so, and so does the server.
    const withdrawButton = card.getByRole('button', {
      name: new RegExp(`^${j.t('planner.status.withdraw.open')}`),
    });
    await page.locator('body').focus();
    await tabTo(page, withdrawButton);
    await page.keyboard.press('Enter');
    const withdrawDialog = page.getByRole('dialog', { name: exactly(j.t('planner.status.withdraw.title')) });
    await withdrawDialog.waitFor();
    await expectNoViolations(page, 'withdraw dialog, Japanese');
    const reason = '別の大学に進学することにしました。';
    await tabTo(
      page,
      withdrawDialog.getByRole('textbox', { name: exactly(j.t('planner.status.withdraw.reason')) }),
    );
    await page.keyboard.insertText(reason);
    await tabTo(
      page,
      withdrawDialog.getByRole('button', { name: exactly(j.t('planner.status.withdraw.confirm')) }),
    );
    await page.keyboard.press('Enter');
    await withdrawDialog.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: exactly(j.t('planner.status.withdraw.done')) }).waitFor();
    await expect.poll(() => statusRow.textContent()).toBe(j.t('planner.status.withdrawn'));
    await card.getByText(exactly(msg('ja', 'planner.status.history.withdrawn', { reason }))).waitFor();
    await expect.poll(() => withdrawButton.count()).toBe(0);
    await expectNoViolations(page, 'applications, withdrawn, Japanese');
    const withdrawn = (await (
      await context.request.get(`${e2e.baseUrl}/api/applicant/applications/${applicationId}`)
    ).json()) as { status: string; history: { status: string; reason?: string }[] };
    expect(withdrawn.status).toBe('withdrawn');
    expect(withdrawn.history.at(-1)).toMatchObject({ status: 'withdrawn', reason });
    // After a reload too: the server's list.
    await page.reload();
    await card.waitFor();
    await expect.poll(() => statusRow.textContent()).toBe(j.t('planner.status.withdrawn'));
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
