// The edges of issue 8, each as an applicant meets it, in both languages where the words matter.
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Applicant } from './harness/applicant.ts';
import { uniqueEmail, useE2E, type E2E } from './harness/browser.ts';
import { exactly, locales, type Locale } from './harness/messages.ts';
import { requestEmailInUse } from './harness/steps.ts';

const password = 'Passw0rdEdge';
const HOUR = 60 * 60 * 1000;

/** A new account, signed in in a browser context of its own (returned too, to drop its cookies). */
async function signedIn(e2e: E2E, locale: Locale, label: string) {
  const email = uniqueEmail(label);
  await e2e.server.createAccount(email, password);
  const context = await e2e.newContext(locale);
  await e2e.server.signIn(context, email, password);
  return { email, context, a: new Applicant(await context.newPage(), locale) };
}

describe.each(locales)('docs/behaviour.md#error-catalogue error mappings in %s', (locale) => {
  const e2e = useE2E();
  const applicant = async () => new Applicant(await e2e.newPage(locale), locale);

  it('sign in: 404 is "account not found" on the email, 403 "password is incorrect" on the password', async () => {
    const email = uniqueEmail('signin-errors');
    await e2e.server.createAccount(email, password);
    const a = await applicant();
    await a.open('/');
    await a.signIn(uniqueEmail('nobody'), password);
    await a.expectFieldError('account.field.email', 'account.error.accountNotFound');
    await a.field('account.field.email').fill(email);
    await a.field('account.field.password').fill('WrongPassw0rd');
    await a.button('account.signIn.submit').click();
    await a.expectFieldError('account.field.password', 'account.error.wrongPassword');
    expect(a.path()).toBe('/');
  });

  it('registration request: 409 is "already registered email address" on the email', async () => {
    const email = uniqueEmail('taken');
    await e2e.server.createAccount(email, password);
    // Creating the account sent it a registration mail: step past that mail's resend cooldown
    // (docs/behaviour.md#link-states), which is counted before the address is looked up.
    await e2e.setServerClock(61_000);
    try {
      const a = await applicant();
      await a.open('/registrations-request');
      await a.field('account.field.email').fill(email);
      await a.button('account.registrationRequest.submit').click();
      await a.expectFieldError('account.field.email', 'account.error.emailAlreadyRegistered');
      expect(a.path()).toBe('/registrations-request');
    } finally {
      await e2e.setServerClock(0);
    }
  });

  it('password reset request: 404 is "email address not found" on the email', async () => {
    const a = await applicant();
    await a.open('/password-reset-request');
    await a.field('account.field.registeredEmail').fill(uniqueEmail('unknown'));
    await a.button('account.passwordResetRequest.submit').click();
    await a.expectFieldError('account.field.registeredEmail', 'account.error.emailNotFound');
  });

  for (const route of ['registrations', 'password-reset']) {
    it(`/${route}/{invalid token}: the alert "URL is invalid", whose OK returns to /`, async () => {
      const a = await applicant();
      await a.open(`/${route}/no-such-token-${Date.now()}`);
      const alert = a.page.getByRole('alertdialog');
      await alert.getByText(a.t('account.invalidLink.title')).waitFor();
      await alert.getByRole('button', { name: exactly(a.t('ui.alertDialog.ok')) }).click();
      await a.waitForPath('/');
      await a.sees('account.signIn.title');
    });
  }

  it('password change: 409 is "password is incorrect" on the current password; 404 goes to /', async () => {
    const { context, a } = await signedIn(e2e, locale, 'change');
    await a.open('/password-change');
    await a.field('account.field.currentPassword').fill('WrongPassw0rd');
    await a.fillNewPassword('Passw0rdNew');
    await a.button('account.passwordChange.submit').click();
    await a.expectFieldError('account.field.currentPassword', 'account.error.wrongPassword');
    // The session goes away (the cookie is dropped): the server answers 404, and the screen goes to /.
    await context.clearCookies();
    await a.field('account.field.currentPassword').fill(password);
    await a.button('account.passwordChange.submit').click();
    await a.waitForPath('/');
  });

  it('email change request: 409 is the toast "failed to change email address", closable; 404 goes to /', async () => {
    const { context, a } = await signedIn(e2e, locale, 'emailchange');
    const toast = await requestEmailInUse(e2e, a, { otherLabel: 'emailchange-other', password });
    await a.page.getByText(a.t('account.error.emailInUse'), { exact: true }).waitFor();
    await a.page.getByRole('button', { name: exactly(a.t('ui.toast.close')) }).click();
    await toast.waitFor({ state: 'hidden' });
    expect(a.path()).toBe('/email-change-request');
    await context.clearCookies();
    await a.field('account.field.newEmail').fill(uniqueEmail('emailchange-free'));
    await a.button('account.emailChangeRequest.submit').click();
    await a.waitForPath('/');
  });
});

describe('the error toast', () => {
  const e2e = useE2E();

  it('closes by itself after 6 seconds (docs/behaviour.md#constants; the same in both languages)', async () => {
    const locale = 'en';
    const { a } = await signedIn(e2e, locale, 'toast');
    const toast = await requestEmailInUse(e2e, a, { otherLabel: 'toast-other', password });
    const shown = Date.now();
    await toast.waitFor({ state: 'hidden', timeout: 9_000 });
    expect(Date.now() - shown).toBeGreaterThan(4_500);
  });
});

// docs/behaviour.md#link-states: a refused link says why.
describe('token links: invalid, used and expired', () => {
  const e2e = useE2E();

  it('a used registration link says the password is already set', async () => {
    const email = uniqueEmail('used-registration');
    const link = await e2e.server.registrationLink(email);
    const token = link.split('/').pop();
    const finished = await e2e.server.call('PATCH', `/api/applicant/registrations/${token}`, { password });
    expect(finished.status).toBe(204);
    const a = new Applicant(await e2e.newPage('en'), 'en');
    await a.open(link);
    await a.page
      .getByRole('alertdialog')
      .getByText(a.t('account.linkState.used.registration.title'))
      .waitFor();
  });

  it('a used password-reset link says it was already used', async () => {
    const email = uniqueEmail('used-reset');
    await e2e.server.createAccount(email, password);
    const link = await e2e.server.passwordResetLink(email);
    const token = link.split('/').pop();
    const finished = await e2e.server.call('PATCH', `/api/applicant/password-reset-requests/${token}`, {
      password: 'Passw0rdN3xt',
    });
    expect(finished.status).toBe(204);
    const a = new Applicant(await e2e.newPage('ja'), 'ja');
    await a.open(link);
    await a.page
      .getByRole('alertdialog')
      .getByText(a.t('account.linkState.used.passwordReset.title'))
      .waitFor();
  });

  it('a used email-change link says the address was already changed; an unknown one that the change failed', async () => {
    const email = uniqueEmail('used-change');
    await e2e.server.createAccount(email, password);
    const signedIn = await e2e.newContext('en');
    await e2e.server.signIn(signedIn, email, password);
    const link = await e2e.server.emailChangeLink(signedIn, uniqueEmail('used-change-new'));
    const a = new Applicant(await e2e.newPage('en'), 'en');
    await a.open(link);
    await a.sees('account.emailChangeActivation.doneTitle');
    await a.open(link);
    await a.sees('account.emailChangeActivation.used.title');
    await a.open(`/change-email-requests/no-such-token-${Date.now()}`);
    await a.sees('account.emailChangeActivation.failedTitle');
  });

  it('expired registration (24 h) and password-reset (1 h) links say they expired', async () => {
    const email = uniqueEmail('expired');
    await e2e.server.createAccount(email, password);
    const reset = await e2e.server.passwordResetLink(email);
    const registration = await e2e.server.registrationLink(uniqueEmail('expired-registration'));
    const a = new Applicant(await e2e.newPage('en'), 'en');
    try {
      // Still valid just before the reset link's hour is up.
      await e2e.setServerClock(HOUR - 60_000);
      await a.open(reset);
      await a.sees('account.passwordReset.title');
      await e2e.setServerClock(HOUR + 60_000);
      await a.open(reset);
      await a.page.getByRole('alertdialog').getByText(a.t('account.linkState.expired.title')).waitFor();
      await e2e.setServerClock(24 * HOUR + 60_000);
      await a.open(registration);
      await a.page.getByRole('alertdialog').getByText(a.t('account.linkState.expired.title')).waitFor();
    } finally {
      await e2e.setServerClock(0);
    }
  });
});

describe('sessions and redirects', () => {
  const e2e = useE2E();

  it.each(locales)(
    'a session revoked from another browser shows "session was disconnected" (%s)',
    async (locale) => {
      const { email, a } = await signedIn(e2e, locale, 'revoked');
      await a.open('/applications');
      await a.page.getByText(email).first().waitFor();
      // The page has read the plan: the next request of browser A is the one it makes when it moves on. (A plan
      // read answered 404 because B was quicker signs out straight to `/`, docs/behaviour.md#error-catalogue.)
      await a.seesPlan();

      // In browser B the applicant changes the password: the server ends every session of the account.
      const contextB = await e2e.newContext(locale);
      await e2e.server.signIn(contextB, email, password);
      const changed = await contextB.request.patch(`${e2e.baseUrl}/api/applicant/password`, {
        headers: { 'x-request-id': `${Date.now() - Date.UTC(2021, 0, 1)}:1` },
        data: { currentPassword: password, newPassword: 'Passw0rdB' },
      });
      expect(changed.status()).toBe(204);

      // Browser A moves on: the session check answers 403, and the sign-in page says why.
      await a.openAccountMenu('ui.accountMenu.changeEmail');
      await a.waitForPath('/');
      await a.page.getByText(a.t('account.signIn.sessionDisconnected.title')).waitFor();
    },
  );

  const signedOut: [string, string][] = [
    ['/applications', '/'],
    ['/email-change-request', '/'],
    ['/password-change', '/'],
    ['/email-change-request-complete', '/'],
    // Issue 39 item 8: an address that is no route stays, to show Not Found.
    ['/somewhere-else', '/somewhere-else'],
    ['/privacy', '/privacy'],
    ['/registrations-request', '/registrations-request'],
    ['/password-reset-request', '/password-reset-request'],
    ['/password-change-complete', '/password-change-complete'],
  ];
  it('signed out: private paths go to /, public ones stay', async () => {
    const a = new Applicant(await e2e.newPage('en'), 'en');
    for (const [from, to] of signedOut) {
      await a.open(from);
      await a.page.locator('main h1').first().waitFor();
      await a.waitForPath(to);
    }
  });

  it('signed in: / goes to /applications; signed-in and public pages stay', async () => {
    const { a } = await signedIn(e2e, 'ja', 'redirects');
    const cases: [string, string][] = [
      ['/', '/applications'],
      ['/applications', '/applications'],
      ['/password-change', '/password-change'],
      ['/email-change-request', '/email-change-request'],
      ['/privacy', '/privacy'],
    ];
    for (const [from, to] of cases) {
      await a.open(from);
      await a.page.locator('main h1').first().waitFor();
      await a.waitForPath(to);
    }
  });

  it('route matching is case-insensitive and tolerates a trailing slash', async () => {
    const a = new Applicant(await e2e.newPage('en'), 'en');
    for (const path of ['/PRIVACY', '/privacy/', '/Registrations-Request/', '/PASSWORD-RESET-REQUEST']) {
      await a.open(path);
      const title = path.toLowerCase().includes('privacy')
        ? 'account.privacy.title'
        : path.toLowerCase().includes('registrations')
          ? 'account.registrationRequest.title'
          : 'account.passwordResetRequest.title';
      await a.sees(title);
    }
  });

  // Issue 27 defect 6: `/privacy//` answered the API's JSON problem.
  it('a page path with two trailing slashes or an encoded slash is Not Found', async () => {
    const visitor = new Applicant(await e2e.newPage('en'), 'en');
    for (const path of ['/privacy//', '/privacy///', '/registrations-request//', '/privacy%2F']) {
      const response = await visitor.open(path);
      expect(response?.status(), path).toBe(404);
      await visitor.sees('ui.notFound.title');
    }
  });

  it('an unknown path is Not Found (404) with a way back to /applications', async () => {
    const { a } = await signedIn(e2e, 'en', 'notfound');
    await a.open('/no-such-page');
    await a.sees('ui.notFound.title');
    await a.page.getByRole('link', { name: exactly(a.t('ui.notFound.home')) }).click();
    await a.waitForPath('/applications');
    // Signed out, an unknown path under a public prefix is Not Found too.
    const visitor = new Applicant(await e2e.newPage('ja'), 'ja');
    await visitor.open('/privacy-policy-old');
    await visitor.sees('ui.notFound.title');
    // Issue 39 item 8: signed out, any mistyped address is Not Found, not the sign-in page; back to the top.
    const response = await visitor.open('/aplications');
    expect(response?.status()).toBe(404);
    await visitor.sees('ui.notFound.title');
    await visitor.page.getByRole('link', { name: exactly(visitor.t('ui.problemPage.home')) }).click();
    await visitor.waitForPath('/');
  });
});

describe('forms', () => {
  const e2e = useE2E();

  it('the language switch in the middle of a form keeps the route and what was typed', async () => {
    const a = new Applicant(await e2e.newPage('ja'), 'ja');
    await a.open('/registrations-request');
    await a.sees('account.registrationRequest.title');
    await a.field('account.field.email').fill('half-typed@exam');
    await a.page.getByRole('radio', { name: 'English' }).click();
    const en = new Applicant(a.page, 'en');
    await en.sees('account.registrationRequest.title');
    expect(en.path()).toBe('/registrations-request');
    expect(await en.field('account.field.email').inputValue()).toBe('half-typed@exam');
    expect(await a.page.locator('html').getAttribute('lang')).toBe('en');
    await a.page.getByRole('radio', { name: '日本語' }).click();
    await a.sees('account.registrationRequest.title');
    expect(await a.field('account.field.email').inputValue()).toBe('half-typed@exam');
  });

  it('after validation errors, one click on submit with the fields corrected sends the form', async () => {
    const a = new Applicant(await e2e.newPage('en'), 'en');
    const sent: Request[] = [];
    a.page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/applicant/sessions'))
        sent.push(request);
    });
    await a.open('/');
    await a.button('account.signIn.submit').click();
    await a.expectFieldError('account.field.email', 'ui.field.required');
    await a.field('account.field.email').fill(uniqueEmail('corrected'));
    await a.field('account.field.password').fill(password);
    await a.button('account.signIn.submit').click();
    await a.expectFieldError('account.field.email', 'account.error.accountNotFound');
    expect(sent).toHaveLength(1);
  });

  it('a double click on submit sends one request', async () => {
    const a = new Applicant(await e2e.newPage('en'), 'en');
    const sent: Request[] = [];
    a.page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/applicant/registrations'))
        sent.push(request);
    });
    await a.open('/registrations-request');
    await a.field('account.field.email').fill(uniqueEmail('double'));
    await a.button('account.registrationRequest.submit').dblclick();
    await a.waitForPath('/registrations-request-complete');
    await a.page.waitForTimeout(500);
    expect(sent).toHaveLength(1);
  });

  it('signs in with the keyboard only', async () => {
    const email = uniqueEmail('keyboard');
    await e2e.server.createAccount(email, password);
    const a = new Applicant(await e2e.newPage('en'), 'en');
    await a.open('/');
    await a.sees('account.signIn.title');
    const emailField = a.field('account.field.email');
    // Tab from the top of the page until the email field has focus (the skip link and header come first).
    for (let i = 0; i < 20 && !(await emailField.evaluate((el) => el === document.activeElement)); i += 1) {
      await a.page.keyboard.press('Tab');
    }
    expect(await emailField.evaluate((el) => el === document.activeElement)).toBe(true);
    await a.page.keyboard.type(email);
    await a.page.keyboard.press('Tab');
    expect(await a.field('account.field.password').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await a.page.keyboard.type(password);
    await a.page.keyboard.press('Enter');
    await a.waitForPath('/applications');
  });

  it('email and password fields keep full-width input as typed on blur (docs/behaviour.md#validation exempts them)', async () => {
    // docs/behaviour.md#validation normalises full-width text fields on blur "except in email and password fields"; every field of
    // the account screens is one of those, so here the rule is that nothing is changed.
    const a = new Applicant(await e2e.newPage('en'), 'en');
    await a.open('/');
    // No trailing space here: the browser itself strips it from an <input type=email> (value sanitisation).
    const fullWidth = 'ａｐｐｌｉｃａｎｔ＠ｅｘａｍｐｌｅ．ｃｏｍ';
    await a.field('account.field.email').fill(fullWidth);
    await a.field('account.field.password').fill('Ｐａｓｓ１２３ ');
    await a.field('account.field.email').focus();
    await a.page.keyboard.press('Tab');
    await a.page.keyboard.press('Tab');
    expect(await a.field('account.field.email').inputValue()).toBe(fullWidth);
    expect(await a.field('account.field.password').inputValue()).toBe('Ｐａｓｓ１２３ ');
    await a.expectFieldError('account.field.email', 'account.validation.email');
  });
});
