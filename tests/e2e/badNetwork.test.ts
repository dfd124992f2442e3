// A bad network, end to end (issue 27 "No dead ends"): an applicant signs in through Chromium's offline mode
// and completes a planner task through a save that answers 500 once, without losing what they typed; a read
// that gets no answer is sent again by itself, and one that never gets one offers "Try again"; a failure
// outside any form is the problem page in the applicant's language. Axe runs on every new state. The states
// are photographed at 360 px into tests/e2e/screenshots/badNetwork/ (gitignored).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Applicant } from './harness/applicant.ts';
import { uniqueEmail, useE2E } from './harness/browser.ts';
import { exactly, type Locale } from './harness/messages.ts';
import { repoRoot } from './harness/processes.ts';
import { answerServerError, fakedRequestId } from './harness/steps.ts';
import { analyze } from './harness/axe.ts';

const password = 'Passw0rdPlan';
const shots = join(repoRoot, 'tests', 'e2e', 'screenshots', 'badNetwork');

async function expectNoViolations(page: Page, state: string): Promise<void> {
  const { violations } = await analyze(page, state);
  const report = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(report, `axe violations on ${state} (${page.url()})`).toEqual([]);
}

describe.each(['en', 'ja'] as const)('a bad network (%s)', (locale: Locale) => {
  const e2e = useE2E();

  const photograph = async (page: Page, name: string) => {
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: join(shots, `${name}-${locale}.png`), fullPage: true });
  };

  it('signs in through offline mode and completes a task through a 500, keeping what was typed', async () => {
    const email = uniqueEmail(`bad-network-${locale}`);
    await e2e.server.createAccount(email, password);
    const context = await e2e.newContext(locale);
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 800 });
    const a = new Applicant(page, locale);
    const notice = page.locator('[data-network-notice]');
    // No field is wrong: the summary says the sign-in could not be done (issue 39 item 7).
    const summary = page.getByRole('group', { name: exactly(a.t('ui.errorSummary.titleNotDone')) });

    // 1. Offline (a train tunnel): the notice says so; signing in says the site could not be reached, keeps
    //    the screen and what was typed, and never says the browser is unsupported.
    await a.open('/');
    await a.settle();
    await a.field('account.field.email').fill(email);
    await a.field('account.field.password').fill(password);
    await context.setOffline(true);
    await expect.poll(() => notice.textContent()).toContain(a.t('ui.networkNotice.offline'));
    await a.button('account.signIn.submit').click();
    await expect.poll(() => summary.textContent()).toContain(a.t('ui.failure.network'));
    await expect(a.field('account.field.email').inputValue()).resolves.toBe(email);
    await expect(a.field('account.field.password').inputValue()).resolves.toBe(password);
    await expect(
      page.getByRole('heading', { name: exactly(a.t('ui.unsupportedBrowser.title')) }).count(),
    ).resolves.toBe(0);
    await expectNoViolations(page, 'sign in, offline');
    await photograph(page, 'sign-in-offline');

    // 2. Back online: the notice goes by itself; "Try again" is the same button, and it signs in.
    await context.setOffline(false);
    await expect.poll(() => notice.textContent()).toBe('');
    await a.button('account.signIn.submit').click();
    await a.waitForPath('/applications');
    await a.seesPlan();

    // 3. The save answers 500 once: the summary says it went wrong on our side, to try again, the desk and
    //    the reference; the choice stays; Continue again saves it.
    let failures = 0;
    await page.route('**/api/applicant/plan', (route) => {
      if (route.request().method() !== 'PUT' || failures > 0) return route.fallback();
      failures += 1;
      return answerServerError(route);
    });
    await page.getByRole('link', { name: exactly(a.t('planner.task.kind')) }).click();
    const doctoral = page
      .locator('main form')
      .getByRole('radio', { name: exactly(a.t('planner.kind.doctoral')) });
    await doctoral.check();
    await a.button('planner.continue').click();
    await expect.poll(() => summary.textContent()).toContain(a.t('ui.failure.server'));
    await expect(summary.textContent()).resolves.toContain(
      a.t('ui.failure.reference', { requestId: fakedRequestId }),
    );
    await expect(doctoral.isChecked()).resolves.toBe(true);
    await expectNoViolations(page, 'planner, save answered 500');
    await photograph(page, 'form-500');
    await a.button('planner.continue').click();
    await a.sees('planner.title');
    expect(failures).toBe(1);
    const kindStatus = page
      .getByRole('link', { name: exactly(a.t('planner.task.kind')) })
      .locator('xpath=..')
      .locator('span');
    await expect.poll(() => kindStatus.textContent()).toBe(a.t('planner.status.completed'));

    // 4. A read that gets no answer once is sent again by itself: the page loads, no notice.
    let aborted = 0;
    await page.route('**/api/applicant/plan', (route) => {
      if (route.request().method() !== 'GET' || aborted > 0) return route.fallback();
      aborted += 1;
      return route.abort('internetdisconnected');
    });
    await page.reload();
    await a.seesPlan();
    expect(aborted).toBe(1);
    await expect.poll(() => kindStatus.textContent()).toBe(a.t('planner.status.completed'));
    await expect(notice.textContent()).resolves.toBe('');
    await page.unrouteAll({ behavior: 'wait' });

    // 5. A read that never gets an answer: the page stays, the notice says the site could not be reached,
    //    and "Try again" reads again once the network is back.
    await page.route('**/api/applicant/plan', (route) =>
      route.request().method() === 'GET' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.reload();
    await expect
      .poll(() => notice.textContent(), { timeout: 15_000 })
      .toContain(a.t('ui.networkNotice.failed'));
    await a.sees('planner.title');
    await expectNoViolations(page, 'planner, plan read got no answer');
    await photograph(page, 'network-failure-notice');
    await page.unrouteAll({ behavior: 'wait' });
    await a.button('ui.networkNotice.retry').click();
    await a.seesPlan();
    await expect.poll(() => kindStatus.textContent()).toBe(a.t('planner.status.completed'));
    await expect.poll(() => notice.textContent()).toBe('');

    // 6. A failure outside any form (the plan read answers 500): the problem page, in the applicant's
    //    language, with the header, the desk, the reference and a way back; no stack in a production build.
    await page.route('**/api/applicant/plan', (route) =>
      route.request().method() === 'GET' ? answerServerError(route) : route.fallback(),
    );
    await page.reload();
    await a.sees('ui.problemPage.title');
    await expect(page.getByRole('banner').count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'pre-admission@example.ac.jp' }).count()).resolves.toBe(1);
    await expect(page.locator('main').textContent()).resolves.toContain(
      a.t('ui.failure.reference', { requestId: fakedRequestId }),
    );
    await expect(page.locator('main pre').count()).resolves.toBe(0);
    await expect
      .poll(() => page.title())
      .toBe(a.t('app.documentTitle', { page: a.t('ui.problemPage.title') }));
    await expectNoViolations(page, 'problem page');
    await photograph(page, 'problem-page');
    await page.unrouteAll({ behavior: 'wait' });
    await a.link('ui.problemPage.home').click();
    await a.waitForPath('/applications');
    await a.seesPlan();

    // 7. The planner's lists, one request (getReferenceLists), answer 500: the same problem page, with the
    //    reference; the way back loads them again.
    let listRequests = 0;
    await page.route('**/api/reference-lists?*', (route) => {
      listRequests += 1;
      return answerServerError(route);
    });
    await page.reload();
    await a.sees('ui.problemPage.title');
    expect(listRequests).toBe(1);
    await expect(page.locator('main').textContent()).resolves.toContain(
      a.t('ui.failure.reference', { requestId: fakedRequestId }),
    );
    await page.unrouteAll({ behavior: 'wait' });
    await a.link('ui.problemPage.home').click();
    await a.waitForPath('/applications');
    await a.seesPlan();
  });
});
