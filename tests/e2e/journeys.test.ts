// The applicant journey of issue 8, end to end against the real server, in Japanese and in English:
// register → set the password → sign in → change the password → sign in with it → change the email address →
// sign in with the new one (the old one is now 'account not found') → sign out → reset the password → sign in.
// Each change also leaves its notice in the owner's mailbox (docs/security.md#change-notices).
import { describe, expect, it } from 'vitest';
import { Applicant } from './harness/applicant.ts';
import { uniqueEmail, useE2E } from './harness/browser.ts';
import { locales } from './harness/messages.ts';

describe.each(locales)('the applicant journey in %s', (locale) => {
  const e2e = useE2E();

  it('registers, changes password and email, signs out, resets the password and signs in', async () => {
    const a = new Applicant(await e2e.newPage(locale), locale);
    const email = uniqueEmail(`journey-${locale}`);
    const newEmail = uniqueEmail(`journey-${locale}-new`);
    const [first, second, third] = ['Passw0rdOne', 'Passw0rdTwo', 'Passw0rdThree'];
    /** The subjects of the change notices an address has had (mail.ts `notice`: no link in them). */
    const notices = async (address: string) =>
      (await e2e.mailbox.mailsTo(address))
        .map((mail) => mail.subject)
        .filter((subject) => subject.includes('のお知らせ'));

    // Register from the sign-in page.
    await a.open('/');
    await a.sees('account.signIn.title');
    await a.button('account.signIn.register').click();
    await a.waitForPath('/registrations-request');
    await a.field('account.field.email').fill(email);
    await a.button('account.registrationRequest.submit').click();
    await a.waitForPath('/registrations-request-complete');
    await a.sees('account.registrationRequestComplete.title');

    // Set the password from the mailed link.
    const registration = await e2e.mailbox.next(email, 0);
    await a.open(registration.path);
    await a.sees('account.registration.title');
    await a.page.getByText(email, { exact: true }).waitFor();
    await a.fillNewPassword(first);
    await a.button('account.registration.submit').click();
    await a.waitForPath('/registrations-complete');
    await a.sees('account.registrationComplete.title');

    // Sign in.
    await a.open('/');
    await a.signInAndArrive(email, first);

    // Change the password: signed out after.
    await a.openAccountMenu('ui.accountMenu.changePassword');
    await a.waitForPath('/password-change');
    await a.field('account.field.currentPassword').fill(first);
    await a.fillNewPassword(second);
    await a.button('account.passwordChange.submit').click();
    expect
      .soft(
        await a.stillSees('account.passwordChangeComplete.title'),
        'the password-change-complete page stays',
      )
      .toBe(true);
    await a.open('/applications');
    await a.waitForPath('/');
    expect(await notices(email)).toEqual([expect.stringContaining('Your password was changed')]);

    // Sign in with the new password.
    await a.signInAndArrive(email, second);

    // Change the email address: the link goes to the new address; signed out after.
    const mailsToNew = await e2e.mailbox.count(newEmail);
    await a.openAccountMenu('ui.accountMenu.changeEmail');
    await a.waitForPath('/email-change-request');
    await a.field('account.field.newEmail').fill(newEmail);
    await a.button('account.emailChangeRequest.submit').click();
    await a.waitForPath('/email-change-request-complete');
    await a.sees('account.emailChangeRequestComplete.title');
    const change = await e2e.mailbox.next(newEmail, mailsToNew);
    await a.open(change.path);
    await a.sees('account.emailChangeActivation.doneTitle');
    // The old address is told, after the request and after the change.
    expect(await notices(email)).toEqual([
      expect.stringContaining('Your email address was changed'),
      expect.stringContaining('Your email address is being changed'),
      expect.stringContaining('Your password was changed'),
    ]);
    await a.open('/applications');
    await a.waitForPath('/');

    // The old address is gone; the new one signs in.
    await a.signIn(email, second);
    await a.expectFieldError('account.field.email', 'account.error.accountNotFound');
    await a.field('account.field.email').fill(newEmail);
    await a.field('account.field.password').fill(second);
    await a.button('account.signIn.submit').click();
    await a.waitForPath('/applications');

    // Sign out.
    await a.openAccountMenu('ui.accountMenu.logOut');
    await a.waitForPath('/');
    await a.sees('account.signIn.title');

    // Reset the password.
    await a.link('account.signIn.forgotPassword').click();
    await a.waitForPath('/password-reset-request');
    const mailsBeforeReset = await e2e.mailbox.count(newEmail);
    await a.field('account.field.registeredEmail').fill(newEmail);
    await a.button('account.passwordResetRequest.submit').click();
    await a.waitForPath('/password-reset-request-complete');
    await a.sees('account.passwordResetRequestComplete.title');
    const reset = await e2e.mailbox.next(newEmail, mailsBeforeReset);
    await a.open(reset.path);
    await a.sees('account.passwordReset.title');
    await a.fillNewPassword(third);
    await a.button('account.passwordReset.submit').click();
    await a.waitForPath('/password-reset-complete');
    await a.sees('account.passwordResetComplete.title');
    expect(await notices(newEmail)).toEqual([expect.stringContaining('Your password was reset')]);

    // Sign in with the reset password.
    await a.open('/');
    await a.signInAndArrive(newEmail, third);
  });
});
