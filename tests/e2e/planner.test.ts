// The application plan on /applications (docs/behaviour.md#planner), end to end against the real server and its
// seed: an applicant completes every task in English, switches to Japanese, reloads, signs out and in again and
// finds the plan intact; a supervisor the programme does not allow, sent through the API, gets 400. Axe runs on
// every state reached; the task list and the printed summary are photographed in both languages into
// tests/e2e/screenshots/planner/ (gitignored). Then, on a server of its own with a short idle timeout: each
// task's own address (Back, Forward, a reload) and the unsaved answers kept through a failed save, a reload
// and a timeout sign-out, and dropped by a sign-out on purpose.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
// The task list's own names: a task added to the planner is checked here too. Not the package's root, which
// brings the screens (and their styles) into this Node process.
import { taskNames } from '@pre-admission/planner/model';
import { describe, expect, it } from 'vitest';
import { requestId } from './harness/api.ts';
import { Applicant } from './harness/applicant.ts';
import { uniqueEmail, useE2E } from './harness/browser.ts';
import { exactly, type Locale } from './harness/messages.ts';
import { repoRoot } from './harness/processes.ts';
import { analyze } from './harness/axe.ts';

const password = 'Passw0rdPlan';
const shots = join(repoRoot, 'tests', 'e2e', 'screenshots', 'planner');

async function expectNoViolations(page: Page, state: string): Promise<void> {
  const { violations } = await analyze(page, state);
  const report = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(report, `axe violations on ${state} (${page.url()})`).toEqual([]);
}

/** The plan this journey makes, in the seed's ids (apps/api/src/reference/seed/). */
const expectedPlan = {
  studentType: 'master',
  programId: 11,
  teacherId: 103,
  scholarshipTypeId: 12,
  scholarshipStatusId: 4,
  financialSupportId: 1,
  countryId: 156,
  universityId: 101,
};

describe('the application plan', () => {
  const e2e = useE2E();

  const task = (a: Applicant, name: string) =>
    a.page.getByRole('link', { name: exactly(a.t(`planner.task.${name}`)) });
  const statusOf = (a: Applicant, name: string) =>
    task(a, name).locator('xpath=..').locator('span').textContent();
  const open = async (a: Applicant, name: string) => {
    await task(a, name).click();
    await a.page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: a.t(`planner.task.${name}`) })
      .waitFor();
  };
  const continueAndReturn = async (a: Applicant) => {
    await a.button('planner.continue').click();
    await a.sees('planner.title');
  };
  const form = (a: Applicant) => a.page.locator('main form');
  const expectAllCompleted = async (a: Applicant) => {
    for (const name of taskNames)
      await expect.poll(() => statusOf(a, name), { message: name }).toBe(a.t('planner.status.completed'));
  };
  const photograph = async (a: Applicant, locale: Locale) => {
    mkdirSync(shots, { recursive: true });
    await a.page.screenshot({ path: join(shots, `task-list-${locale}.png`), fullPage: true });
    await open(a, 'summary');
    await a.page.emulateMedia({ media: 'print' });
    await a.page.screenshot({ path: join(shots, `summary-print-${locale}.png`), fullPage: true });
    await a.page.pdf({ path: join(shots, `summary-${locale}.pdf`), format: 'A4' });
    await a.page.emulateMedia({ media: 'screen' });
    await a.page.getByRole('link', { name: exactly(a.t('planner.back')) }).click();
    await a.sees('planner.title');
  };

  it('is completed in English, read in Japanese after a reload and a new sign-in, and refused by the rules', async () => {
    const email = uniqueEmail('planner');
    await e2e.server.createAccount(email, password);
    const context = await e2e.newContext('en');
    const page = await context.newPage();
    const a = new Applicant(page, 'en');
    await a.open('/');
    await a.signInAndArrive(email, password);
    await a.sees('planner.title');
    await expectNoViolations(page, 'task list, empty');

    // 1. Kind of application: Continue without a choice first (the error summary), then master.
    await open(a, 'kind');
    await a.button('planner.continue').click();
    await page.getByRole('heading', { level: 2, name: exactly(a.t('ui.errorSummary.title')) }).waitFor();
    await expectNoViolations(page, 'kind, required error');
    await form(a)
      .getByRole('radio', { name: exactly(a.t('planner.kind.master')) })
      .check();
    await continueAndReturn(a);
    await expect.poll(() => statusOf(a, 'kind')).toBe(a.t('planner.status.completed'));

    // 2. Programme: the April master's programme.
    await open(a, 'programme');
    await expectNoViolations(page, 'programme');
    await form(a).getByRole('radio', { name: "Master's programme (April entry)" }).check();
    await continueAndReturn(a);

    // 3. Supervisor: found by a full-width, upper-case search.
    await open(a, 'supervisor');
    await page.getByRole('searchbox').fill('ＳＵＺＵＫＩ');
    await expect.poll(() => form(a).getByRole('radio').count()).toBe(1);
    await expectNoViolations(page, 'supervisor, searched');
    await form(a)
      .getByRole('radio', { name: /Ichiro Suzuki/ })
      .check();
    await continueAndReturn(a);

    // 4. Documents: every required one ticked.
    await open(a, 'documents');
    const required = form(a).getByRole('group', { name: exactly(a.t('planner.documents.required')) });
    const boxes = required.getByRole('checkbox');
    expect(await boxes.count()).toBeGreaterThan(0);
    for (const box of await boxes.all()) await box.check();
    await expectNoViolations(page, 'documents, ticked');
    await continueAndReturn(a);
    await expect.poll(() => statusOf(a, 'documents')).toBe(a.t('planner.status.completed'));

    // 5. Scholarship: MEXT (embassy), then its one status, then the support.
    await open(a, 'scholarship');
    await form(a)
      .getByRole('radio', { name: /Embassy Recommendation/ })
      .check();
    await form(a).getByRole('radio', { name: 'Passed the primary screening at the embassy' }).check();
    await form(a).getByRole('radio', { name: 'Tuition and living expenses' }).check();
    await expectNoViolations(page, 'scholarship');
    await continueAndReturn(a);

    // 6. Previous university: China, then Tsinghua.
    await open(a, 'university');
    await page
      .getByRole('combobox', { name: exactly(a.t('planner.university.country')) })
      .selectOption('156');
    await form(a).getByRole('radio', { name: 'Tsinghua University' }).check();
    await expectNoViolations(page, 'previous university');
    await continueAndReturn(a);

    await expectAllCompleted(a);
    await expectNoViolations(page, 'task list, complete');
    await open(a, 'summary');
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain(a.t('planner.summary.nothingMissing'));
    await expectNoViolations(page, 'summary');
    await page.getByRole('link', { name: exactly(a.t('planner.back')) }).click();
    await a.sees('planner.title');
    await photograph(a, 'en');

    // Japanese, then a reload: the plan is the server's.
    await page.getByRole('radio', { name: '日本語' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ja');
    const j = new Applicant(page, 'ja');
    await j.sees('planner.title');
    await page.reload();
    await j.sees('planner.title');
    await expectAllCompleted(j);
    await expectNoViolations(page, 'task list, Japanese, after a reload');
    await open(j, 'summary');
    await expect.poll(() => page.locator('main').textContent()).toContain('鈴木 一郎（Ichiro Suzuki）');
    await expectNoViolations(page, 'summary, Japanese');
    await page.getByRole('link', { name: exactly(j.t('planner.back')) }).click();
    await j.sees('planner.title');
    await photograph(j, 'ja');

    // Sign out, sign in again: the same plan.
    await j.openAccountMenu('ui.accountMenu.logOut');
    await j.waitForPath('/');
    await j.signInAndArrive(email, password);
    await j.sees('planner.title');
    await expectAllCompleted(j);
    const saved = await context.request.get(`${e2e.baseUrl}/api/applicant/plan`);
    expect(saved.status()).toBe(200);
    expect(await saved.json()).toMatchObject(expectedPlan);

    // The rules on the server: a supervisor the programme does not allow (Makoto Kobayashi takes exchange
    // students only) is refused with 400, naming the field; the saved plan is unchanged.
    const refused = await context.request.put(`${e2e.baseUrl}/api/applicant/plan`, {
      headers: { 'x-request-id': requestId() },
      data: {
        studentType: 'master',
        programId: 11,
        teacherId: 109,
        readyCertificateIds: [],
        readyMaterialIds: [],
      },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()) as { errors?: unknown[] }).toMatchObject({
      errors: [{ field: 'teacherId', code: 'not_offered' }],
    });
    const after = await context.request.get(`${e2e.baseUrl}/api/applicant/plan`);
    expect(await after.json()).toMatchObject(expectedPlan);
  });

  it('sends an applicant without a session to /', async () => {
    const context = await e2e.newContext('en');
    const page = await context.newPage();
    const a = new Applicant(page, 'en');
    await a.open('/applications');
    await a.waitForPath('/');
    await a.sees('account.signIn.title');
    const response = await context.request.get(`${e2e.baseUrl}/api/applicant/plan`);
    expect(response.status()).toBe(404);
  });
});

// The planner's draft (packages/planner/src/draft.ts): the tab's sessionStorage entry.
const draftKey = 'pre-admission:planner-draft';

describe('the planner’s task addresses and unsaved answers', () => {
  // A short idle time, so that the timeout sign-out comes within the test; the warning only in its last
  // seconds, so that it does not open over the steps before it.
  const IDLE_SECONDS = 30;
  const e2e = useE2E({
    ownServer: {
      name: 'planner-drafts',
      env: { SESSION_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS), SESSION_WARNING_SECONDS: '5' },
    },
  });

  const heading = (a: Applicant, id: string) =>
    a.page.getByRole('heading', { level: 1 }).filter({ hasText: a.t(id) });
  const master = (a: Applicant) =>
    a.page.locator('main form').getByRole('radio', { name: exactly(a.t('planner.kind.master')) });
  const unsavedNotice = (a: Applicant) => a.page.getByRole('region', { name: a.t('planner.unsaved.title') });

  it('gives each task its own address and keeps what was typed through a reload, a failed save and a timeout', async () => {
    const email = uniqueEmail('drafts');
    const other = uniqueEmail('drafts-next');
    await e2e.server.createAccount(email, password);
    await e2e.server.createAccount(other, password);
    const context = await e2e.newContext('en');
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const a = new Applicant(page, 'en');
    await a.open('/');
    await a.signInAndArrive(email, password);
    await a.sees('planner.title');

    // A task is a page: its own address, and the heading says which.
    await page.getByRole('link', { name: exactly(a.t('planner.task.kind')) }).click();
    await a.waitForPath('/applications/kind');
    await heading(a, 'planner.task.kind').waitFor();
    await master(a).check();

    // A reload keeps the open task and what was typed (not saved yet).
    await page.reload();
    await heading(a, 'planner.task.kind').waitFor();
    expect(a.path()).toBe('/applications/kind');
    await expect.poll(() => master(a).isChecked()).toBe(true);
    await expectNoViolations(page, 'kind, a kept draft after a reload');

    // Back goes one task back (the task list), which says what is not saved yet; Forward returns to it.
    await page.goBack();
    await a.waitForPath('/applications');
    await a.sees('planner.title');
    await unsavedNotice(a).waitFor();
    await expectNoViolations(page, 'task list, unsaved answers');
    await page.goForward();
    await a.waitForPath('/applications/kind');
    await heading(a, 'planner.task.kind').waitFor();
    await expect.poll(() => master(a).isChecked()).toBe(true);

    // A save that cannot reach the server: the answer stays, and stays after a reload.
    await page.route('**/api/applicant/plan', (route) =>
      route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await a.button('planner.continue').click();
    await page
      .getByRole('heading', { level: 2, name: exactly(a.t('ui.errorSummary.titleNotDone')) })
      .waitFor();
    await page.unroute('**/api/applicant/plan');
    await page.reload();
    await heading(a, 'planner.task.kind').waitFor();
    await expect.poll(() => master(a).isChecked()).toBe(true);

    // Left alone, the session times out: signed out, saying why; the same applicant signs in again and
    // finds the answer, unsaved, where it was typed.
    await page.waitForURL((url) => url.pathname === '/', { timeout: (IDLE_SECONDS + 20) * 1000 });
    await page
      .getByRole('status')
      .filter({ hasText: a.t('account.signIn.timedOut.title') })
      .waitFor();
    await a.signInAndArrive(email, password);
    await unsavedNotice(a).waitFor();
    await unsavedNotice(a)
      .getByRole('link', { name: a.t('planner.unsaved.link', { task: a.t('planner.task.kind') }) })
      .click();
    await a.waitForPath('/applications/kind');
    await expect.poll(() => master(a).isChecked()).toBe(true);

    // A sign-out on purpose drops it: the next applicant on this tab finds nothing of it.
    await a.openAccountMenu('ui.accountMenu.logOut');
    await a.waitForPath('/');
    expect(await page.evaluate((key) => sessionStorage.getItem(key), draftKey)).toBeNull();
    await a.signInAndArrive(other, password);
    await a.sees('planner.title');
    expect(await unsavedNotice(a).count()).toBe(0);
    await a.open('/applications/kind');
    await heading(a, 'planner.task.kind').waitFor();
    expect(await master(a).isChecked()).toBe(false);

    // An address that is no task is the not-found page.
    await a.open('/applications/nonsense');
    await a.sees('ui.notFound.title');
  });
});
