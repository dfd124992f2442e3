// Issue 27, defect 4, against the real server: a 409's error toast does not outlive the request it was about,
// and the applicant's own current address gets its own message instead of "already in use".
import { describe, expect, it } from 'vitest';
import { Applicant } from './harness/applicant.ts';
import { uniqueEmail, useE2E } from './harness/browser.ts';
import { locales } from './harness/messages.ts';
import { requestEmailInUse } from './harness/steps.ts';

const password = 'Passw0rdChange';

describe.each(locales)('the email change request in %s (issue 27, defect 4)', (locale) => {
  const e2e = useE2E();

  const signedIn = async (label: string) => {
    const email = uniqueEmail(label);
    await e2e.server.createAccount(email, password);
    const context = await e2e.newContext(locale);
    await e2e.server.signIn(context, email, password);
    return { email, a: new Applicant(await context.newPage(), locale) };
  };

  it('after a 409, a free address goes on to the "mail sent" page with no toast over its text', async () => {
    const { a } = await signedIn('toast-then-sent');
    const toast = await requestEmailInUse(e2e, a, { otherLabel: 'toast-then-sent-other', password });
    // The pointer rests on the toast, which holds its 6 s timer (react-aria), and the form is sent with
    // Enter: a toast left behind would stay, not time out during the test.
    await toast.hover();
    const field = a.field('account.field.newEmail');
    await field.fill(uniqueEmail('toast-then-sent-free'));
    await field.press('Enter');
    await a.sees('account.emailChangeRequestComplete.title');
    await toast.waitFor({ state: 'hidden', timeout: 3_000 });
    expect(await a.page.getByRole('alertdialog').count()).toBe(0);
    // Nothing covers the lead text: the element at its centre is the paragraph itself.
    const lead = a.page.getByText(a.t('account.emailChangeRequestComplete.body'), { exact: true });
    expect(
      await lead.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      }),
    ).toBe(true);
  });

  it('the own current address (in another case) says it is already yours, not "already in use"', async () => {
    const { email, a } = await signedIn('own-address');
    await a.open('/email-change-request');
    await a.field('account.field.newEmail').fill(email.toUpperCase());
    await a.button('account.emailChangeRequest.submit').click();
    await a.expectFieldError('account.field.newEmail', 'account.validation.sameAsCurrentEmail');
    expect(await a.page.getByText(a.t('account.error.emailInUse'), { exact: true }).count()).toBe(0);
    expect(a.path()).toBe('/email-change-request');
  });
});
