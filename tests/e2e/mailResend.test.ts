// docs/behaviour.md#link-states, send again: an applicant whose mail has not arrived sends it again from the
// 'mail sent' page. A server of this file's own with a short resend cooldown (6 seconds instead of a minute),
// so the journey waits for the real cooldown instead of moving a clock.
import { describe, expect, it } from 'vitest';
import { Applicant } from './harness/applicant.ts';
import { uniqueEmail, useE2E } from './harness/browser.ts';
import { exactly } from './harness/messages.ts';

const COOLDOWN_SECONDS = 6;

describe('send the email again', () => {
  const e2e = useE2E({
    ownServer: { name: 'resend', env: { MAIL_RESEND_COOLDOWN_SECONDS: String(COOLDOWN_SECONDS) } },
  });

  it('waits out the cooldown across a reload, sends again, and the first link then says a newer mail was sent', async () => {
    const mailbox = e2e.mailbox;
    const context = await e2e.newContext('en');
    const a = new Applicant(await context.newPage(), 'en');
    const email = uniqueEmail('resend');

    await a.open('/registrations-request');
    await a.field('account.field.email').fill(email);
    await a.button('account.registrationRequest.submit').click();
    await a.waitForPath('/registrations-request-complete');
    await a.sees('account.registrationRequestComplete.title');
    const first = await mailbox.next(email, 0);

    const resend = a.button('account.mailResend.button');
    const countdown = a.page.getByTestId('mail-resend-countdown');
    const announcement = a.page.getByTestId('mail-resend-announcement');
    // The page names the address and the wait; the button waits with it, and the wait is said once, politely.
    await a.page.getByText(exactly(a.t('account.mailResend.address', { email }))).waitFor();
    await countdown.waitFor();
    await expect.poll(() => resend.isDisabled()).toBe(true);
    await expect
      .poll(() => announcement.textContent())
      .toMatch(/^You can send the email again in \d+ seconds?\.$/);
    expect(await announcement.getAttribute('role')).toBe('status');

    // A reload keeps the address and the wait (sessionStorage), never restarting it.
    await a.page.reload();
    await a.sees('account.registrationRequestComplete.title');
    await a.page.getByText(exactly(a.t('account.mailResend.address', { email }))).waitFor();
    await countdown.waitFor();
    await expect.poll(() => resend.isDisabled()).toBe(true);

    // Once the server's instant has passed, the button is free and the live region says so.
    await countdown.waitFor({ state: 'detached', timeout: (COOLDOWN_SECONDS + 5) * 1000 });
    await expect.poll(() => announcement.textContent()).toBe(a.t('account.mailResend.announceReady'));
    expect(await resend.isEnabled()).toBe(true);
    await resend.click();
    const message = a.page.getByTestId('mail-resend-message');
    await expect.poll(() => message.textContent()).toBe(a.t('account.mailResend.sent', { email }));
    await countdown.waitFor();
    const second = await mailbox.next(email, 1);
    expect(second.path).not.toBe(first.path);
    expect(await mailbox.count(email)).toBe(2);

    // The first mail's link now points to the newest mail; the newest one opens the password page.
    await a.open(first.path);
    await a.page.getByRole('alertdialog').getByText(a.t('account.linkState.superseded.title')).waitFor();
    await a.open(second.path);
    await a.sees('account.registration.title');
  });

  // Issue 39 item 12 (docs/security.md#already-sent): the owner's request right after someone else's.
  it('a reset request right after one that someone else made says when that link was sent, and sends no second mail', async () => {
    const email = uniqueEmail('reset-sent');
    await e2e.server.createAccount(email, 'Passw0rd2026');
    const context = await e2e.newContext('en');
    const a = new Applicant(await context.newPage(), 'en');
    await a.open('/password-reset-request');
    await a.field('account.field.registeredEmail').fill(email);
    // Someone else asks for a reset of the address (another client, through the API), then the owner presses
    // Send, well within the cooldown.
    const link = await e2e.server.passwordResetLink(email);
    const seen = await e2e.mailbox.count(email);
    await a.button('account.passwordResetRequest.submit').click();
    const message = a.page.getByRole('status').filter({ hasText: 'A link was sent' });
    await expect
      .poll(() => message.textContent())
      .toMatch(
        /^Information: A link was sent to this address at \d{1,2}:\d{2}\s?[AP]M\. .+ after \d{1,2}:\d{2}\s?[AP]M\.$/,
      );
    expect(a.path()).toBe('/password-reset-request');
    expect(await e2e.mailbox.count(email)).toBe(seen);
    // The link that was sent is the one to use.
    await a.open(link);
    await a.sees('account.passwordReset.title');
  });
});
