// Issue 25, finding 3: a password from every breach list. `password1`, `Passw0rd`, `abc12345`, ... were
// accepted at registration, reset and change, and so was the current password as the new one. Now each
// is refused with 400 and the field's code (docs/security.md#common-passwords), and nothing is changed.
import { describe, expect, it } from 'vitest';
import { defaultLimits } from '../../src/platform/config.ts';
import { PASSWORD, serverFixture, uniqueEmail } from '../helpers.ts';

// Some thirty registrations from one client: more than its hourly mail limit, which is not what this tests.
const { server, register, signIn, latestToken } = serverFixture({
  limits: { ...defaultLimits, mailsPerClient: { max: 1000, windowMs: 3_600_000 } },
});

/** The passwords the attack tried: each fits the site's rule (letters and digits, 8 to 100). */
const breached = ['password1', 'Passw0rd', 'abc12345', 'qwerty123', 'iloveyou1', '12345678a', 'aaaaaaa1'];

const refusal = (field: string, code: string) => ({
  type: 'urn:pre-admission:problem:validation',
  status: 400,
  errors: [{ field, code }],
});

describe('an applicant choosing a password from a breach list', () => {
  it.each(breached)('cannot register with %s', async (password) => {
    const email = uniqueEmail('breached');
    expect((await server.call('requestRegistration', { body: { email } })).status).toBe(202);
    const token = await latestToken(email, 'registrations');
    const finish = await server.call('finishRegistration', { params: { token }, body: { password } });
    expect(finish.status).toBe(400);
    expect(finish.body).toMatchObject(refusal('password', 'common_password'));
    // The link is still live: the applicant chooses another password with it.
    const retry = await server.call('finishRegistration', {
      params: { token },
      body: { password: PASSWORD },
    });
    expect(retry.status).toBe(204);
  });

  it('cannot register with a password made of the address’s own name', async () => {
    const email = uniqueEmail('yamadataro');
    expect((await server.call('requestRegistration', { body: { email } })).status).toBe(202);
    const token = await latestToken(email, 'registrations');
    const finish = await server.call('finishRegistration', {
      params: { token },
      body: { password: 'YamadaTaro2026' },
    });
    expect(finish).toMatchObject({ status: 400, body: refusal('password', 'common_password') });
  });

  it.each(breached)('cannot reset the password to %s', async (password) => {
    const email = uniqueEmail('reset');
    await register(email);
    expect((await server.call('requestPasswordReset', { body: { email } })).status).toBe(202);
    const token = await latestToken(email, 'password-reset');
    const finish = await server.call('finishPasswordReset', { params: { token }, body: { password } });
    expect(finish).toMatchObject({ status: 400, body: refusal('password', 'common_password') });
    // Nothing changed: the old password still signs in.
    await signIn(email, PASSWORD);
  });

  it.each(breached)('cannot change the password to %s', async (password) => {
    const email = uniqueEmail('change');
    await register(email);
    const cookie = await signIn(email);
    const change = await server.call('changePassword', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: password },
    });
    expect(change).toMatchObject({ status: 400, body: refusal('newPassword', 'common_password') });
    // The session was not ended and the password not changed.
    expect((await server.call('getCurrentSession', { cookie })).status).toBe(200);
    await signIn(email, PASSWORD);
  });

  it('cannot “change” the password to the current one', async () => {
    const email = uniqueEmail('same');
    await register(email);
    const cookie = await signIn(email);
    const change = await server.call('changePassword', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: PASSWORD },
    });
    expect(change).toMatchObject({ status: 400, body: refusal('newPassword', 'same_as_current') });
    expect((await server.call('getCurrentSession', { cookie })).status).toBe(200);
  });

  it('still needs the right current password before saying the new one is refused', async () => {
    const email = uniqueEmail('guess');
    await register(email);
    const cookie = await signIn(email);
    // An attacker holding only the session learns nothing about the current password from the new one.
    const change = await server.call('changePassword', {
      cookie,
      body: { currentPassword: 'Wrong1234', newPassword: 'Wrong1234' },
    });
    expect(change.status).toBe(409);
  });
});
