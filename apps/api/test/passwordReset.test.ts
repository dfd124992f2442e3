// Forgotten-password reset: request, token read, finish; revocation of every session; expiry after 1 hour.
import { describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail, serverFixture } from './helpers.ts';

const { server, register, signIn, latestToken } = serverFixture();

describe('password reset', () => {
  it('mails a link to /password-reset/{token}; finishing sets the password and revokes every session', async () => {
    const email = uniqueEmail();
    await register(email);
    const session = await signIn(email);
    expect((await server.call('requestPasswordReset', { body: { email: email.toUpperCase() } })).status).toBe(
      202,
    );
    const mails = (await server.call('listDebugMails')).body as {
      to: string;
      subject: string;
      text: string;
    }[];
    expect(mails[0]!.to).toBe(email);
    expect(mails[0]!.subject).toMatch(/パスワード再設定.*Reset your password/);
    expect(mails[0]!.text).toMatch(/http:\/\/localhost:8080\/password-reset\/[A-Za-z0-9_-]{43}\n/);
    const token = await latestToken(email, 'password-reset');

    const read = await server.call('getPasswordReset', { params: { token } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ token, email });

    const finish = await server.call('finishPasswordReset', {
      params: { token },
      body: { password: 'N3wPassw0rd' },
    });
    expect(finish.status).toBe(204);
    expect((await server.call('getCurrentSession', { cookie: session })).status).toBe(403);
    expect((await server.call('signIn', { body: { email, password: PASSWORD } })).status).toBe(403);
    await signIn(email, 'N3wPassw0rd');
    // single use
    expect((await server.call('getPasswordReset', { params: { token } })).status).toBe(404);
    const again = await server.call('finishPasswordReset', {
      params: { token },
      body: { password: 'An0therOne' },
    });
    expect(again.status).toBe(404);
  });

  it('404 for an unknown address', async () => {
    const response = await server.call('requestPasswordReset', { body: { email: uniqueEmail('nobody') } });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ type: 'urn:pre-admission:problem:account-not-found' });
  });

  it('the token expires after 1 hour', async () => {
    const email = uniqueEmail();
    await register(email);
    await server.call('requestPasswordReset', { body: { email } });
    const token = await latestToken(email, 'password-reset');
    server.clock.advance(60 * 60 * 1000 - 1000);
    expect((await server.call('getPasswordReset', { params: { token } })).status).toBe(200);
    server.clock.advance(2000);
    expect((await server.call('getPasswordReset', { params: { token } })).status).toBe(404);
    const finish = await server.call('finishPasswordReset', {
      params: { token },
      body: { password: 'N3wPassw0rd' },
    });
    expect(finish.status).toBe(404);
    await signIn(email);
  });

  it('a registration token is not a reset token', async () => {
    const email = uniqueEmail();
    const token = await register(email);
    expect((await server.call('getPasswordReset', { params: { token } })).status).toBe(404);
  });

  it('refuses a new password that breaks docs/behaviour.md#validation (400) and keeps the token', async () => {
    const email = uniqueEmail();
    await register(email);
    await server.call('requestPasswordReset', { body: { email } });
    const token = await latestToken(email, 'password-reset');
    const response = await server.call('finishPasswordReset', {
      params: { token },
      body: { password: 'onlyletters' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errors: [{ field: 'password', code: 'password_rule' }] });
    expect((await server.call('getPasswordReset', { params: { token } })).status).toBe(200);
  });
});
