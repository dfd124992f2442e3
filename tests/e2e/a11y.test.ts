// Accessibility (issue 8): axe on every route, in both languages, in the error states too: zero violations.
// Each page comes from its own browser.newContext(); states that need a session get one through the API.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Applicant } from './harness/applicant.ts';
import { uniqueEmail, useE2E } from './harness/browser.ts';
import { exactly, locales, msg } from './harness/messages.ts';

const password = 'Passw0rdAxe';

/** axe on the page as it is now; the failure message lists each violation with its nodes. */
async function expectNoViolations(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const report = results.violations.map(
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
    await expectNoViolations(a.page, 'sign-in');
    await a.button('account.signIn.submit').click();
    await a.expectFieldError('account.field.email', 'ui.field.required');
    await expectNoViolations(a.page, 'sign-in, required errors');
    // A fresh page: the first click after corrected validation errors is lost (see the edges).
    await a.open('/');
    await a.signIn(uniqueEmail('axe-nobody'), password);
    await a.expectFieldError('account.field.email', 'account.error.accountNotFound');
    await expectNoViolations(a.page, 'sign-in, account not found');
    await a.field('account.field.email').fill(email);
    await a.field('account.field.password').fill('WrongPassw0rd');
    await a.button('account.signIn.submit').click();
    await a.expectFieldError('account.field.password', 'account.error.wrongPassword');
    await expectNoViolations(a.page, 'sign-in, wrong password');
    await a.button('account.signIn.browsers.open').click();
    await a.page.getByRole('dialog').waitFor();
    await expectNoViolations(a.page, 'sign-in, recommended browsers dialog');
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
    await expectNoViolations(a.page, 'sign-in, session disconnected');

    const page = await e2e.newPage(locale);
    await page.clock.setFixedTime(new Date('2024-08-31T12:00:00+09:00'));
    const m = new Applicant(page, locale);
    await m.open('/');
    await page.getByText(m.t('account.maintenance.title')).first().waitFor();
    await expectNoViolations(page, 'sign-in, maintenance notice');
    await m.open('/registrations-request');
    await page.getByText(m.t('account.maintenance.title')).first().waitFor();
    await expectNoViolations(page, 'registration request, maintenance notice');
  });

  it('registration: request (plain, invalid, taken), complete, token page (plain, errors, invalid), done', async () => {
    const taken = uniqueEmail('axe-taken');
    await e2e.server.createAccount(taken, password);
    const a = await visitor();
    await a.open('/registrations-request');
    await a.sees('account.registrationRequest.title');
    await expectNoViolations(a.page, 'registration request');
    await a.field('account.field.email').fill('not-an-address');
    await a.button('account.registrationRequest.submit').click();
    await a.expectFieldError('account.field.email', 'account.validation.email');
    await expectNoViolations(a.page, 'registration request, invalid email');
    await a.open('/registrations-request');
    await a.field('account.field.email').fill(taken);
    await a.button('account.registrationRequest.submit').click();
    await a.expectFieldError('account.field.email', 'account.error.emailAlreadyRegistered');
    await expectNoViolations(a.page, 'registration request, already registered');
    await a.open('/registrations-request-complete');
    await a.sees('account.registrationRequestComplete.title');
    await expectNoViolations(a.page, 'registration request complete');

    const link = await e2e.server.registrationLink(uniqueEmail('axe-registration'));
    await a.open(link);
    await a.sees('account.registration.title');
    await expectNoViolations(a.page, 'registration');
    await a.field('account.field.newPassword').fill('short');
    await a.field('account.field.passwordConfirmation').fill('different');
    await a.button('account.registration.submit').click();
    await a.expectFieldError('account.field.newPassword', 'account.validation.newPassword');
    await expectNoViolations(a.page, 'registration, invalid password and mismatch');
    await a.open('/registrations/no-such-token');
    await a.page.getByRole('alertdialog').waitFor();
    await expectNoViolations(a.page, 'registration, URL is invalid');
    await a.open('/registrations-complete');
    await a.sees('account.registrationComplete.title');
    await expectNoViolations(a.page, 'registration complete');
  });

  it('password reset: request (plain, not found), complete, token page (plain, invalid), done', async () => {
    const email = uniqueEmail('axe-reset');
    await e2e.server.createAccount(email, password);
    const a = await visitor();
    await a.open('/password-reset-request');
    await a.sees('account.passwordResetRequest.title');
    await expectNoViolations(a.page, 'password reset request');
    await a.field('account.field.registeredEmail').fill(uniqueEmail('axe-unknown'));
    await a.button('account.passwordResetRequest.submit').click();
    await a.expectFieldError('account.field.registeredEmail', 'account.error.emailNotFound');
    await expectNoViolations(a.page, 'password reset request, not found');
    await a.open('/password-reset-request-complete');
    await a.sees('account.passwordResetRequestComplete.title');
    await expectNoViolations(a.page, 'password reset request complete');
    await a.open(await e2e.server.passwordResetLink(email));
    await a.sees('account.passwordReset.title');
    await expectNoViolations(a.page, 'password reset');
    await a.open('/password-reset/no-such-token');
    await a.page.getByRole('alertdialog').waitFor();
    await expectNoViolations(a.page, 'password reset, URL is invalid');
    await a.open('/password-reset-complete');
    await a.sees('account.passwordResetComplete.title');
    await expectNoViolations(a.page, 'password reset complete');
  });

  it('signed in: applications with the account menu, and Not Found', async () => {
    const { a } = await signedIn();
    await a.open('/applications');
    await a.waitForPath('/applications');
    await a.page.locator('main h1').first().waitFor();
    await expectNoViolations(a.page, 'applications');
    await a.accountMenuButton().click();
    await a.page.getByRole('menu').waitFor();
    await expectNoViolations(a.page, 'applications, account menu open');
    await a.page.keyboard.press('Escape');
    await a.open('/no-such-page');
    await a.sees('ui.notFound.title');
    await expectNoViolations(a.page, 'not found (signed in)');
  });

  it('signed in: email change request (plain, in use) and its completion page', async () => {
    const other = uniqueEmail('axe-other');
    await e2e.server.createAccount(other, password);
    const { a } = await signedIn();
    await a.open('/email-change-request');
    await a.sees('account.emailChangeRequest.title');
    await expectNoViolations(a.page, 'email change request');
    await a.field('account.field.newEmail').fill(other);
    await a.button('account.emailChangeRequest.submit').click();
    await a.page.getByText(a.t('account.error.emailInUse'), { exact: true }).waitFor();
    await expectNoViolations(a.page, 'email change request, in-use toast');
    await a.open('/email-change-request-complete');
    await a.sees('account.emailChangeRequestComplete.title');
    await expectNoViolations(a.page, 'email change request complete');
  });

  it('signed in: password change (plain, wrong current password)', async () => {
    const { a } = await signedIn();
    await a.open('/password-change');
    await a.sees('account.passwordChange.title');
    await expectNoViolations(a.page, 'password change');
    await a.field('account.field.currentPassword').fill('WrongPassw0rd');
    await a.fillNewPassword('Passw0rdNew1');
    await a.button('account.passwordChange.submit').click();
    await a.expectFieldError('account.field.currentPassword', 'account.error.wrongPassword');
    await expectNoViolations(a.page, 'password change, wrong current password');
  });

  it('email change activation (done, failed), password change complete, privacy, not found', async () => {
    const { context } = await signedIn();
    const link = await e2e.server.emailChangeLink(context, uniqueEmail('axe-new'));
    const a = await visitor();
    await a.open(link);
    await a.sees('account.emailChangeActivation.doneTitle');
    await expectNoViolations(a.page, 'email change activated');
    await a.open('/change-email-requests/no-such-token');
    await a.sees('account.emailChangeActivation.failedTitle');
    await expectNoViolations(a.page, 'email change activation failed');
    await a.open('/password-change-complete');
    await a.sees('account.passwordChangeComplete.title');
    await expectNoViolations(a.page, 'password change complete');
    await a.open('/privacy');
    await a.sees('account.privacy.title');
    await expectNoViolations(a.page, 'privacy');
    await a.open('/privacy-old');
    await a.sees('ui.notFound.title');
    await expectNoViolations(a.page, 'not found (signed out)');
  });

  it('failure screen: unexpected error (a call answered 500)', async () => {
    const a = await visitor();
    await a.page.route('**/api/applicant/registrations', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'urn:pre-admission:problem:internal',
          title: 'An unexpected error occurred.',
          status: 500,
        }),
      }),
    );
    await a.open('/registrations-request');
    await a.field('account.field.email').fill(uniqueEmail('axe-500'));
    await a.button('account.registrationRequest.submit').click();
    // Spec 2: the unexpected-error heading is in Japanese whatever the language.
    await a.page.getByRole('heading', { name: exactly(msg('ja', 'ui.unexpectedError.title')) }).waitFor();
    await expectNoViolations(a.page, 'unexpected error');
  });

  it('failure screen: unsupported browser (a call failed without a status)', async () => {
    const b = await visitor();
    await b.page.route('**/api/applicant/registrations', (route) => route.abort('connectionrefused'));
    await b.open('/registrations-request');
    await b.field('account.field.email').fill(uniqueEmail('axe-offline'));
    await b.button('account.registrationRequest.submit').click();
    await b.page.getByRole('heading', { name: exactly(b.t('ui.unsupportedBrowser.title')) }).waitFor();
    await expectNoViolations(b.page, 'unsupported browser');
  });
});
