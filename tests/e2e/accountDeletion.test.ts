// Issue 42, the applicant's own deletion against the real server (docs/behaviour.md#delete-account): signed in,
// the applicant deletes the account from /your-data, arrives at the done page signed out, and the address and
// password sign in no more.
import { describe, expect, it } from 'vitest';
import { Applicant } from './harness/applicant.ts';
import { uniqueEmail, useE2E } from './harness/browser.ts';

const password = 'Kq7mZt4xWv2';

describe('the account deletion', () => {
  const e2e = useE2E();

  it('signs in, deletes the account, is signed out on the done page, and cannot sign in again', async () => {
    const email = uniqueEmail('self-delete');
    await e2e.server.createAccount(email, password);
    const context = await e2e.newContext('en');
    const a = new Applicant(await context.newPage(), 'en');
    await a.open('/');
    await a.signInAndArrive(email, password);

    await a.open('/your-data');
    await a.button('account.security.deletion.start').click();
    const dialog = a.page.getByRole('dialog', { name: a.t('account.security.deletion.dialogTitle') });
    await dialog.getByRole('button', { name: a.t('account.security.deletion.submit') }).click();
    await a.sees('account.security.deleted.title');
    expect(a.path()).toBe('/account-deleted');
    expect((await context.cookies()).filter((cookie) => cookie.name === 'pre_admission_session')).toEqual([]);

    await a.open('/');
    await a.signIn(email, password);
    await a.expectFieldError('account.field.email', 'account.error.accountNotFound');
    expect(a.path()).toBe('/');
  });
});
