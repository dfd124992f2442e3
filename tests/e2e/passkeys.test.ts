// Passkeys (issue 28), end to end with a real authenticator: Chromium's DevTools virtual authenticator
// (harness/authenticator.ts), in Japanese and English at 360 px, against a server of this file's own named
// http://localhost (WebAuthn refuses an IP address as the relying party's id; virtualAuthenticator.test.ts).
// Register through the mailbox, add a passkey on Sign-in and security and name it, sign out, sign in with the
// passkey button, then by autofill, rename it, remove it after "Confirm it is you" (the server's clock moved
// past the confirmation window), and the notices in the mailbox. Through the browser, what an attacker or a
// mishap adds to the server's own attack tests: a passkey removed on the site but kept on the device cannot
// sign in, and a device that does not verify its user signs nobody in. Axe runs on every new screen state.
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Applicant } from './harness/applicant.ts';
import { VirtualAuthenticator } from './harness/authenticator.ts';
import { uniqueEmail, useE2E, type E2E } from './harness/browser.ts';
import { locales, type Locale } from './harness/messages.ts';
import { expectNoViolations, ids, noticeSubjects, paths, phone, Security } from './harness/security.ts';

const password = 'Blue7Harbour';
/** Past CONFIRMATION_WINDOW_SECONDS' default (300 s): the sign-in is then not recent. */
const pastTheWindowMs = 6 * 60_000;

/** Whether the context has a session (the server's word, not the screen's). */
const signedIn = async (e2e: E2E, context: BrowserContext) =>
  (await context.request.get(`${e2e.baseUrl}/api/applicant/sessions/current`)).status() === 200;

describe('passkeys', () => {
  const e2e = useE2E({ ownServer: { name: 'passkeys', env: {}, hostname: 'localhost' } });

  describe.each(locales)('in %s', (locale: Locale) => {
    it(
      'registers, adds and names a passkey, signs in with the button and by autofill, renames and removes it',
      { timeout: 240_000 },
      async () => {
        const email = uniqueEmail(`passkey-${locale}`);
        const { context, page } = await phone(e2e, locale);
        // The device's authenticator, from the first page on (it belongs to the tab).
        const device = await VirtualAuthenticator.attach(page);
        const a = new Applicant(page, locale);
        const s = new Security(a);
        const name = locale === 'ja' ? '仕事用のパソコン' : 'Work laptop';
        const renamed = locale === 'ja' ? '自宅のスマートフォン' : 'Phone at home';

        // The site lets its own pages ask for a passkey: a Permissions-Policy that denies
        // publickey-credentials-get makes every passkey sign-in a NotAllowedError ("did not finish").
        const policy = (await a.open('/'))?.headers()['permissions-policy'] ?? '';
        expect(policy).not.toMatch(/publickey-credentials-(get|create)=\(\)/);

        // Register from the sign-in page, set the password from the mailed link, sign in.
        await a.button('account.signIn.register').click();
        await a.waitForPath('/registrations-request');
        await a.field('account.field.email').fill(email);
        await a.button('account.registrationRequest.submit').click();
        await a.waitForPath('/registrations-request-complete');
        const registration = await e2e.mailbox.next(email, 0);
        await a.open(registration.path);
        await a.sees('account.registration.title');
        await a.fillNewPassword(password);
        await a.button('account.registration.submit').click();
        await a.waitForPath('/registrations-complete');
        await a.open('/');
        // Nothing on the device yet: the autofill request started by the sign-in page waits, and the
        // password signs in.
        await a.signInAndArrive(email, password);

        // Account menu → Sign-in and security; add a passkey and name it.
        await s.openFromMenu();
        await expectNoViolations(page, 'sign-in and security, no passkey');
        expect(await s.addPasskey(name, password), 'just signed in: no confirmation').toBe(false);
        const credential = await device.onlyCredential();
        expect(credential).toMatchObject({ rpId: 'localhost', isResidentCredential: true });
        await s.removeButton(name).waitFor();
        await expectNoViolations(page, 'sign-in and security, one passkey');
        await expect
          .poll(() => Security.notices(e2e, email))
          .toEqual(expect.arrayContaining([expect.stringContaining(noticeSubjects.passkeyAdded)]));

        // Sign out and sign in with the button. The sign-in page's autofill request would be answered by the
        // virtual authenticator at once (Chromium 156), so the device is "absent" while the page opens, and
        // present for the button's request.
        await device.setAutomaticPresence(false);
        await s.signOut();
        await a.settle();
        await expectNoViolations(page, 'sign-in with a passkey offered');
        expect(await signedIn(e2e, context), 'nothing signs in while the device is absent').toBe(false);
        await device.setAutomaticPresence(true);
        const before = device.assertions().length;
        await s.button(ids.passkeySignIn).click();
        await a.waitForPath(paths.plan);
        await a.accountMenuButton().filter({ hasText: email }).waitFor();
        expect(device.assertions().slice(before)).toEqual([expect.any(String)]);

        // Sign out with the device present: the email field's autofill (conditional mediation, started when
        // the page opens) is answered by the device without a click, and signs in; nothing was typed.
        await a.openAccountMenu('ui.accountMenu.logOut');
        await expect.poll(() => device.assertions().length, { timeout: 10_000 }).toBe(before + 2);
        await a.waitForPath(paths.plan);
        await a.accountMenuButton().filter({ hasText: email }).waitFor();
        expect(await signedIn(e2e, context)).toBe(true);

        // Rename it.
        await s.open();
        await s.renamePasskey(name, renamed);
        expect(await s.renameButton(name).count()).toBe(0);
        await expectNoViolations(page, 'sign-in and security, renamed');

        // Remove it once the sign-in is older than the window: "Confirm it is you" with the password first.
        try {
          await e2e.setServerClock(pastTheWindowMs);
          await s.open();
          expect(await s.removePasskey(renamed, password), 'asked to confirm it is you').toBe(true);
        } finally {
          await e2e.setServerClock(0);
        }
        await s.button(ids.addPasskey).waitFor();
        await expectNoViolations(page, 'sign-in and security, the passkey removed');

        // The owner was told of both changes.
        await expect
          .poll(() => Security.notices(e2e, email))
          .toEqual(expect.arrayContaining([expect.stringContaining(noticeSubjects.passkeyRemoved)]));
        const notices = await Security.notices(e2e, email);
        expect(notices.filter((n) => n.includes(noticeSubjects.passkeyAdded))).toHaveLength(1);
        expect(notices.filter((n) => n.includes(noticeSubjects.passkeyRemoved))).toHaveLength(1);
      },
    );
  });

  it('a passkey removed on the site but kept on the device, or not verified, signs nobody in', async () => {
    const locale = 'en';
    const email = uniqueEmail('passkey-removed');
    await e2e.server.createAccount(email, password);
    const { context, page } = await phone(e2e, locale);
    const device = await VirtualAuthenticator.attach(page);
    await e2e.server.signIn(context, email, password);
    const a = new Applicant(page, locale);
    const s = new Security(a);
    await s.open();
    await s.addPasskey('Old phone', password);

    // Not verified (a finger not recognised): the browser refuses, the site stays on the sign-in page.
    await device.setAutomaticPresence(false);
    await s.signOut();
    await device.setAutomaticPresence(true);
    await device.setUserVerified(false);
    await s.button(ids.passkeySignIn).click();
    await page.getByText(a.t('account.signIn.passkeyCancelled.title')).first().waitFor();
    await expectNoViolations(page, 'sign-in, the passkey not used');
    expect(a.path()).toBe(paths.signIn);
    expect(await signedIn(e2e, context)).toBe(false);
    await device.setUserVerified(true);

    // Removed on the site (within the window: no confirmation); the device keeps it.
    await a.signInAndArrive(email, password);
    await s.open();
    expect(await s.removePasskey('Old phone', password)).toBe(false);
    expect(await device.credentials()).toHaveLength(1);

    // The device offers it by autofill and by the button: the server refuses it; a clear message, signed out.
    await s.signOut();
    const asserted = device.assertions().length;
    await s.button(ids.passkeySignIn).click();
    await expect.poll(() => device.assertions().length).toBeGreaterThan(asserted);
    await page.getByText(a.t('account.error.passkeyRefused.title')).first().waitFor();
    expect(a.path()).toBe(paths.signIn);
    expect(await signedIn(e2e, context)).toBe(false);
    await expectNoViolations(page, 'sign-in, a removed passkey refused');
  });
});
