// Accessibility (issue 8, 15): axe on every route, in both languages, in the error states too, and on the
// pages a person reaches by interaction (after each submit, with each dialog, menu and toast open, after a
// language switch, through sign-in, the password and email changes and sign-out): zero violations.
// Each page comes from its own browser.newContext(); states that need a session get one through the API.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { Applicant } from './harness/applicant.ts';
import { analyze } from './harness/axe.ts';
import { uniqueEmail, useE2E } from './harness/browser.ts';
import { exactly, locales, msg, type Locale } from './harness/messages.ts';
import { answerServerError } from './harness/steps.ts';

const password = 'Passw0rdAxe';

/** Every state axe checked, with its locale, for the summary line. */
const checked: string[] = [];

afterAll(() => {
  const perLocale = locales.map((l) => `${checked.filter((s) => s.startsWith(`${l}: `)).length} in ${l}`);
  console.info(`axe: ${checked.length} states checked (${perLocale.join(', ')})`);
});

/** axe on the page as it is now; the failure message lists each violation with its nodes. */
async function expectNoViolations(page: Page, state: string, locale: Locale): Promise<void> {
  const results = await analyze(page, state);
  checked.push(`${locale}: ${state}`);
  const violations = results.violations;
  const report = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .map(
          (node) =>
            `    ${node.target.join(' ')} ${node.html.slice(0, 160)}: ${node.failureSummary?.split('\n').join(' ')}`,
        )
        .join('\n'),
  );
  expect(report, `axe violations on ${state} (${page.url()})`).toEqual([]);
}

/** Holds back the requests to `url` (a glob or a pattern) until the returned function is called. */
async function holdRequest(page: Page, url: string | RegExp): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return async () => {
    release();
    await page.unroute(url);
  };
}

/**
 * Holds back the chunk named `name` (assets/<name>-<hash>.js) until the returned function is called: the
 * page as a slow connection shows it while that chunk loads. Set before the page loads, so that no
 * idle-time preload fetches it first.
 */
const holdChunk = (page: Page, name: string) =>
  holdRequest(page, new RegExp(`/assets/${name}-[\\w-]+\\.js$`));

describe.each(locales)('axe in %s', (locale) => {
  const e2e = useE2E();
  const visitor = async () => new Applicant(await e2e.newPage(locale), locale);
  const signedIn = async () => {
    const email = uniqueEmail(`axe-${locale}`);
    await e2e.server.createAccount(email, password);
    const context = await e2e.newContext(locale);
    await e2e.server.signIn(context, email, password);
    return { a: new Applicant(await context.newPage(), locale), email, context };
  };

  it('sign-in page: plain, required errors, account not found, wrong password, browsers dialog', async () => {
    const email = uniqueEmail('axe-signin');
    await e2e.server.createAccount(email, password);
    const a = await visitor();
    await a.open('/');
    await a.sees('account.signIn.title');
    await expectNoViolations(a.page, 'sign-in', locale);
    await a.button('account.signIn.submit').click();
    await a.expectFieldError('account.field.email', 'ui.field.required');
    await expectNoViolations(a.page, 'sign-in, required errors', locale);
    // A fresh page: the first click after corrected validation errors is lost (see the edges).
    await a.open('/');
    await a.signIn(uniqueEmail('axe-nobody'), password);
    await a.expectFieldError('account.field.email', 'account.error.accountNotFound');
    await expectNoViolations(a.page, 'sign-in, account not found', locale);
    await a.field('account.field.email').fill(email);
    await a.field('account.field.password').fill('WrongPassw0rd');
    await a.button('account.signIn.submit').click();
    await a.expectFieldError('account.field.password', 'account.error.wrongPassword');
    await expectNoViolations(a.page, 'sign-in, wrong password', locale);
    await a.button('account.signIn.browsers.open').click();
    await a.page.getByRole('dialog').waitFor();
    await expectNoViolations(a.page, 'sign-in, recommended browsers dialog', locale);
  });

  it('sign-in page: session disconnected, and the maintenance notice', async () => {
    const { a, email } = await signedIn();
    await a.open('/applications');
    await a.page.getByText(email).first().waitFor();
    const other = await e2e.newContext(locale);
    await e2e.server.signIn(other, email, password);
    await other.request.patch(`${e2e.baseUrl}/api/applicant/password`, {
      headers: { 'x-request-id': `${Date.now() - Date.UTC(2021, 0, 1)}:7` },
      data: { currentPassword: password, newPassword: 'Passw0rdAxe2' },
    });
    // The next route change checks the session: 403, so the sign-in page says why.
    await a.openAccountMenu('ui.accountMenu.changeEmail');
    await a.page.getByText(a.t('account.signIn.sessionDisconnected.title')).waitFor();
    await expectNoViolations(a.page, 'sign-in, session disconnected', locale);

    const page = await e2e.newPage(locale);
    // The stops come from the server at run time (tests/e2e/maintenance.test.ts drives the file): one here.
    await page.route('**/api/maintenance-windows', (route) =>
      route.fulfill({
        json: [
          {
            start: '2024-08-30T08:00:00.000Z',
            end: '2024-09-02T01:00:00.000Z',
            text: { ja: '出願準備の保存はできません。', en: 'You cannot save your plan.' },
          },
        ],
      }),
    );
    await page.clock.setFixedTime(new Date('2024-08-31T12:00:00+09:00'));
    const m = new Applicant(page, locale);
    await m.open('/');
    await page.getByText(m.t('account.maintenance.title')).first().waitFor();
    await expectNoViolations(page, 'sign-in, maintenance notice', locale);
    await m.open('/registrations-request');
    await page.getByText(m.t('account.maintenance.title')).first().waitFor();
    await expectNoViolations(page, 'registration request, maintenance notice', locale);
  });

  it('registration: request (plain, invalid, taken), complete, token page (plain, errors, invalid), done', async () => {
    const taken = uniqueEmail('axe-taken');
    await e2e.server.createAccount(taken, password);
    // Creating the account sent it a registration mail: step past that mail's resend cooldown
    // (docs/behaviour.md#link-states), which is counted before the address is looked up.
    await e2e.setServerClock(61_000);
    onTestFinished(() => e2e.setServerClock(0));
    const a = await visitor();
    await a.open('/registrations-request');
    await a.sees('account.registrationRequest.title');
    await expectNoViolations(a.page, 'registration request', locale);
    await a.field('account.field.email').fill('not-an-address');
    await a.button('account.registrationRequest.submit').click();
    await a.expectFieldError('account.field.email', 'account.validation.email');
    await expectNoViolations(a.page, 'registration request, invalid email', locale);
    await a.open('/registrations-request');
    await a.field('account.field.email').fill(taken);
    await a.button('account.registrationRequest.submit').click();
    await a.expectFieldError('account.field.email', 'account.error.emailAlreadyRegistered');
    await expectNoViolations(a.page, 'registration request, already registered', locale);
    await a.open('/registrations-request-complete');
    await a.sees('account.registrationRequestComplete.title');
    await expectNoViolations(a.page, 'registration request complete', locale);

    const link = await e2e.server.registrationLink(uniqueEmail('axe-registration'));
    await a.open(link);
    await a.sees('account.registration.title');
    await expectNoViolations(a.page, 'registration', locale);
    await a.field('account.field.newPassword').fill('short');
    await a.field('account.field.passwordConfirmation').fill('different');
    await a.button('account.registration.submit').click();
    await a.expectFieldError('account.field.newPassword', 'account.validation.newPassword');
    await expectNoViolations(a.page, 'registration, invalid password and mismatch', locale);
    await a.open('/registrations/no-such-token');
    await a.page.getByRole('alertdialog').waitFor();
    await expectNoViolations(a.page, 'registration, URL is invalid', locale);
    await a.open('/registrations-complete');
    await a.sees('account.registrationComplete.title');
    await expectNoViolations(a.page, 'registration complete', locale);
  });

  it('password reset: request (plain, not found), complete, token page (plain, invalid), done', async () => {
    const email = uniqueEmail('axe-reset');
    await e2e.server.createAccount(email, password);
    const a = await visitor();
    await a.open('/password-reset-request');
    await a.sees('account.passwordResetRequest.title');
    await expectNoViolations(a.page, 'password reset request', locale);
    await a.field('account.field.registeredEmail').fill(uniqueEmail('axe-unknown'));
    await a.button('account.passwordResetRequest.submit').click();
    await a.expectFieldError('account.field.registeredEmail', 'account.error.emailNotFound');
    await expectNoViolations(a.page, 'password reset request, not found', locale);
    await a.open('/password-reset-request-complete');
    await a.sees('account.passwordResetRequestComplete.title');
    await expectNoViolations(a.page, 'password reset request complete', locale);
    await a.open(await e2e.server.passwordResetLink(email));
    await a.sees('account.passwordReset.title');
    await expectNoViolations(a.page, 'password reset', locale);
    await a.open('/password-reset/no-such-token');
    await a.page.getByRole('alertdialog').waitFor();
    await expectNoViolations(a.page, 'password reset, URL is invalid', locale);
    await a.open('/password-reset-complete');
    await a.sees('account.passwordResetComplete.title');
    await expectNoViolations(a.page, 'password reset complete', locale);
  });

  it('signed in: applications (its plan loading, loaded) with the account menu, and Not Found', async () => {
    const { a } = await signedIn();
    const releasePlan = await holdRequest(a.page, '**/api/applicant/plan');
    await a.open('/applications');
    await a.waitForPath('/applications');
    await a.page.getByRole('progressbar', { name: exactly(a.t('planner.loading')) }).waitFor();
    await expectNoViolations(a.page, 'applications while its plan loads', locale);
    await releasePlan();
    await a.seesPlan();
    await expectNoViolations(a.page, 'applications', locale);
    await a.accountMenuButton().click();
    await a.page.getByRole('menu').waitFor();
    await expectNoViolations(a.page, 'applications, account menu open', locale);
    await a.page.keyboard.press('Escape');
    await a.open('/no-such-page');
    await a.sees('ui.notFound.title');
    await expectNoViolations(a.page, 'not found (signed in)', locale);
  });

  it('signed in: email change request (plain, in use) and its completion page', async () => {
    const other = uniqueEmail('axe-other');
    await e2e.server.createAccount(other, password);
    const { a } = await signedIn();
    await a.open('/email-change-request');
    await a.sees('account.emailChangeRequest.title');
    await expectNoViolations(a.page, 'email change request', locale);
    await a.field('account.field.newEmail').fill(other);
    await a.button('account.emailChangeRequest.submit').click();
    await a.page.getByText(a.t('account.error.emailInUse'), { exact: true }).waitFor();
    await expectNoViolations(a.page, 'email change request, in-use toast', locale);
    await a.open('/email-change-request-complete');
    await a.sees('account.emailChangeRequestComplete.title');
    await expectNoViolations(a.page, 'email change request complete', locale);
  });

  it('signed in: password change (plain, wrong current password)', async () => {
    const { a } = await signedIn();
    await a.open('/password-change');
    await a.sees('account.passwordChange.title');
    await expectNoViolations(a.page, 'password change', locale);
    await a.field('account.field.currentPassword').fill('WrongPassw0rd');
    await a.fillNewPassword('Passw0rdNew1');
    await a.button('account.passwordChange.submit').click();
    await a.expectFieldError('account.field.currentPassword', 'account.error.wrongPassword');
    await expectNoViolations(a.page, 'password change, wrong current password', locale);
  });

  it('email change activation (done, failed), password change complete, privacy, not found', async () => {
    const { context } = await signedIn();
    const link = await e2e.server.emailChangeLink(context, uniqueEmail('axe-new'));
    const a = await visitor();
    await a.open(link);
    await a.sees('account.emailChangeActivation.doneTitle');
    await expectNoViolations(a.page, 'email change activated', locale);
    await a.open('/change-email-requests/no-such-token');
    await a.sees('account.emailChangeActivation.failedTitle');
    await expectNoViolations(a.page, 'email change activation failed', locale);
    await a.open('/password-change-complete');
    await a.sees('account.passwordChangeComplete.title');
    await expectNoViolations(a.page, 'password change complete', locale);
    await a.open('/privacy');
    await a.sees('account.privacy.title');
    await expectNoViolations(a.page, 'privacy', locale);
    await a.open('/privacy-old');
    await a.sees('ui.notFound.title');
    await expectNoViolations(a.page, 'not found (signed out)', locale);
  });

  // The pages a person reaches by interaction rather than by URL (issue 15).
  const other: Locale = locale === 'ja' ? 'en' : 'ja';
  /** Presses 日本語 or English in the header (the choice is saved for the next pages of this context). */
  const switchLanguage = async (page: Page, to: Locale) => {
    await page.getByRole('radio', { name: to === 'ja' ? '日本語' : 'English' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(to);
  };
  // A wait is not a mistake in what was typed: its summary has the other heading (issue 39 item 7).
  const errorSummary = (
    a: Applicant,
    title: 'ui.errorSummary.title' | 'ui.errorSummary.titleNotDone' = 'ui.errorSummary.title',
  ) => a.page.getByRole('heading', { level: 2, name: exactly(a.t(title)) }).waitFor();
  const rateLimitedText = (a: Applicant) =>
    a.page.getByText(a.t('account.error.rateLimited').split('{time}')[0]!.trim()).first().waitFor();

  it('sign-in by interaction: browsers dialog while it loads, rate limited (429), language switch', async () => {
    const a = await visitor();
    const release = await holdChunk(a.page, 'DialogModal');
    await a.open('/');
    await a.sees('account.signIn.title');
    const trigger = a.button('account.signIn.browsers.open');
    await trigger.click();
    // Pressed (the dialog is open in its state), but it says collapsed and controls nothing until the
    // dialog exists (packages/ui/src/components/Dialog/DialogTrigger.tsx).
    await expect.poll(() => trigger.getAttribute('data-pressed')).toBe('true');
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    expect(await trigger.getAttribute('aria-controls')).toBeNull();
    expect(await a.page.getByRole('dialog').count()).toBe(0);
    await expectNoViolations(a.page, 'sign-in, browsers dialog while it loads', locale);
    await release();
    await a.page.getByRole('dialog').waitFor();
    await a.page.keyboard.press('Escape');
    await a.page.getByRole('dialog').waitFor({ state: 'detached' });

    // Five wrong passwords from this client, then the sixth attempt is refused (429): the error summary.
    const email = uniqueEmail('axe-limited');
    await e2e.server.createAccount(email, password);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await e2e.server.call('POST', '/api/applicant/sessions', { email, password: 'WrongPassw0rd' });
    }
    await a.signIn(email, 'WrongPassw0rd');
    await errorSummary(a, 'ui.errorSummary.titleNotDone');
    await rateLimitedText(a);
    await expectNoViolations(a.page, 'sign-in, rate limited', locale);

    await a.open('/');
    await a.sees('account.signIn.title');
    await switchLanguage(a.page, other);
    await a.page
      .getByRole('heading', { level: 1, name: exactly(msg(other, 'account.signIn.title')) })
      .waitFor();
    await expectNoViolations(a.page, 'sign-in, after a language switch', locale);
  });

  it('signed in by interaction: applications (loading, loaded), language switch, sign-out', async () => {
    const email = uniqueEmail(`axe-flow-${locale}`);
    await e2e.server.createAccount(email, password);
    const a = await visitor();
    const release = await holdChunk(a.page, 'Applications');
    await a.open('/');
    await a.sees('account.signIn.title');
    await a.signIn(email, password);
    await a.page.waitForURL((url) => url.pathname === '/applications');
    await a.page.getByRole('main').getByRole('progressbar').waitFor();
    await expectNoViolations(a.page, 'applications while its screen loads', locale);
    await release();
    await a.accountMenuButton().filter({ hasText: email }).waitFor();
    await a.seesPlan();
    await a.settle();
    await expectNoViolations(a.page, 'applications, after sign-in', locale);

    await switchLanguage(a.page, other);
    const b = new Applicant(a.page, other);
    await b.accountMenuButton().waitFor();
    await expectNoViolations(a.page, 'applications, after a language switch', locale);
    await b.accountMenuButton().click();
    await a.page.getByRole('menu').waitFor();
    await expectNoViolations(a.page, 'applications, account menu open after a language switch', locale);
    await a.page.getByRole('menuitem', { name: exactly(b.t('ui.accountMenu.logOut')) }).click();
    await b.waitForPath('/');
    await b.sees('account.signIn.title');
    await expectNoViolations(a.page, 'sign-in, after sign-out', locale);
  });

  it('registration by submit: request (errors summary, 429, done), password (errors summary, done)', async () => {
    const a = await visitor();
    await a.open('/registrations-request');
    await a.sees('account.registrationRequest.title');
    await a.button('account.registrationRequest.submit').click();
    await errorSummary(a);
    await expectNoViolations(a.page, 'registration request, required error summary', locale);
    await switchLanguage(a.page, other);
    await a.page
      .getByRole('heading', { level: 2, name: exactly(msg(other, 'ui.errorSummary.title')) })
      .waitFor();
    await expectNoViolations(a.page, 'registration request, error summary after a language switch', locale);
    await switchLanguage(a.page, locale);

    // Five mails to one address in an hour, then the sixth request is refused (429).
    const limited = uniqueEmail('axe-mails');
    for (let request = 0; request < 5; request += 1) {
      await e2e.server.call('POST', '/api/applicant/registrations', { email: limited });
    }
    await a.open('/registrations-request');
    await a.sees('account.registrationRequest.title');
    await a.field('account.field.email').fill(limited);
    await a.button('account.registrationRequest.submit').click();
    await errorSummary(a, 'ui.errorSummary.titleNotDone');
    await rateLimitedText(a);
    await expectNoViolations(a.page, 'registration request, rate limited', locale);

    const email = uniqueEmail(`axe-register-${locale}`);
    await a.open('/registrations-request');
    await a.sees('account.registrationRequest.title');
    await a.field('account.field.email').fill(email);
    await a.button('account.registrationRequest.submit').click();
    await a.waitForPath('/registrations-request-complete');
    await a.sees('account.registrationRequestComplete.title');
    await expectNoViolations(a.page, 'registration request complete, after submit', locale);

    await a.open((await e2e.mailbox.next(email, 0)).path);
    await a.sees('account.registration.title');
    await a.button('account.registration.submit').click();
    await errorSummary(a);
    await expectNoViolations(a.page, 'registration, required error summary', locale);
    await a.fillNewPassword(password);
    await a.button('account.registration.submit').click();
    await a.waitForPath('/registrations-complete');
    await a.sees('account.registrationComplete.title');
    await expectNoViolations(a.page, 'registration complete, after submit', locale);
  });

  it('password reset by submit: request (error summary, done), new password (mismatch summary, done)', async () => {
    const email = uniqueEmail('axe-reset-flow');
    await e2e.server.createAccount(email, password);
    const a = await visitor();
    await a.open('/password-reset-request');
    await a.sees('account.passwordResetRequest.title');
    await a.field('account.field.registeredEmail').fill('not-an-address');
    await a.button('account.passwordResetRequest.submit').click();
    await errorSummary(a);
    await expectNoViolations(a.page, 'password reset request, invalid email summary', locale);
    await a.open('/password-reset-request');
    await a.sees('account.passwordResetRequest.title');
    await a.field('account.field.registeredEmail').fill(email);
    await a.button('account.passwordResetRequest.submit').click();
    await a.waitForPath('/password-reset-request-complete');
    await a.sees('account.passwordResetRequestComplete.title');
    await expectNoViolations(a.page, 'password reset request complete, after submit', locale);

    await a.open((await e2e.mailbox.next(email, 0)).path);
    await a.sees('account.passwordReset.title');
    await a.field('account.field.newPassword').fill('Passw0rdN3xt');
    await a.field('account.field.passwordConfirmation').fill('Passw0rdOther');
    await a.button('account.passwordReset.submit').click();
    await errorSummary(a);
    await expectNoViolations(a.page, 'password reset, mismatch summary', locale);
    await a.fillNewPassword('Passw0rdN3xt');
    await a.button('account.passwordReset.submit').click();
    await a.waitForPath('/password-reset-complete');
    await a.sees('account.passwordResetComplete.title');
    await expectNoViolations(a.page, 'password reset complete, after submit', locale);
  });

  it('email change and password change by submit: error summaries and their completion pages', async () => {
    const { a } = await signedIn();
    await a.open('/email-change-request');
    await a.sees('account.emailChangeRequest.title');
    await a.field('account.field.newEmail').fill('not-an-address');
    await a.button('account.emailChangeRequest.submit').click();
    await errorSummary(a);
    await expectNoViolations(a.page, 'email change request, invalid email summary', locale);
    await a.open('/email-change-request');
    await a.sees('account.emailChangeRequest.title');
    await a.field('account.field.newEmail').fill(uniqueEmail('axe-changed'));
    await a.button('account.emailChangeRequest.submit').click();
    await a.waitForPath('/email-change-request-complete');
    await a.sees('account.emailChangeRequestComplete.title');
    await expectNoViolations(a.page, 'email change request complete, after submit', locale);

    await a.open('/password-change');
    await a.sees('account.passwordChange.title');
    await a.field('account.field.currentPassword').fill(password);
    await a.field('account.field.newPassword').fill('Passw0rdChanged');
    await a.field('account.field.passwordConfirmation').fill('Passw0rdOther');
    await a.button('account.passwordChange.submit').click();
    await errorSummary(a);
    await expectNoViolations(a.page, 'password change, mismatch summary', locale);
    await a.fillNewPassword('Passw0rdChanged');
    await a.button('account.passwordChange.submit').click();
    await a.waitForPath('/password-change-complete');
    await a.sees('account.passwordChangeComplete.title');
    await expectNoViolations(a.page, 'password change complete, after submit', locale);
  });

  it('a form whose request answered 500: its error summary says our side, the desk and the reference (issue 27)', async () => {
    const a = await visitor();
    await a.page.route('**/api/applicant/registrations', answerServerError);
    await a.open('/registrations-request');
    await a.field('account.field.email').fill(uniqueEmail('axe-500'));
    await a.button('account.registrationRequest.submit').click();
    await errorSummary(a, 'ui.errorSummary.titleNotDone');
    await a.page.getByText(a.t('ui.failure.server'), { exact: false }).waitFor();
    await expectNoViolations(a.page, 'form, 500 in the error summary', locale);
  });

  it('a form whose request got no answer: its error summary says the site could not be reached (issue 27)', async () => {
    const b = await visitor();
    await b.page.route('**/api/applicant/registrations', (route) => route.abort('connectionrefused'));
    await b.open('/registrations-request');
    await b.field('account.field.email').fill(uniqueEmail('axe-offline'));
    await b.button('account.registrationRequest.submit').click();
    await errorSummary(b, 'ui.errorSummary.titleNotDone');
    await b.page.getByText(b.t('ui.failure.network'), { exact: false }).waitFor();
    await expectNoViolations(b.page, 'form, no answer in the error summary', locale);
  });
});
