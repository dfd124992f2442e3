// Password change for a signed-in applicant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, register, signIn, startServer, uniqueEmail, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('password change', () => {
  it('204, clears the cookie, revokes every session; the new password works, the old does not', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const cookie = await signIn(server, email);
    const other = await signIn(server, email);
    const response = await server.call('changePassword', {
      body: { currentPassword: PASSWORD, newPassword: 'N3wPassw0rd' },
      cookie,
    });
    expect(response.status).toBe(204);
    expect(response.sessionCookie).toBe('');
    expect((await server.call('getCurrentSession', { cookie })).status).toBe(403);
    expect((await server.call('getCurrentSession', { cookie: other })).status).toBe(403);
    expect((await server.call('signIn', { body: { email, password: PASSWORD } })).status).toBe(403);
    await signIn(server, email, 'N3wPassw0rd');
  });

  it('409 for a wrong current password; nothing changes', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const cookie = await signIn(server, email);
    const response = await server.call('changePassword', {
      body: { currentPassword: 'Wrong1234', newPassword: 'N3wPassw0rd' },
      cookie,
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ type: 'urn:pre-admission:problem:wrong-password', status: 409 });
    expect((await server.call('getCurrentSession', { cookie })).status).toBe(200);
    await signIn(server, email);
  });

  it('404 without a valid session', async () => {
    const body = { currentPassword: PASSWORD, newPassword: 'N3wPassw0rd' };
    expect((await server.call('changePassword', { body })).status).toBe(404);
    const revoked = await server.call('changePassword', { body, cookie: 'pre_admission_session=forged' });
    expect(revoked.status).toBe(404);
    expect(revoked.body).toMatchObject({ type: 'urn:pre-admission:problem:no-session' });
  });

  it('400 for a new password that breaks docs/behaviour.md#validation, and for missing fields', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const cookie = await signIn(server, email);
    const weak = await server.call('changePassword', {
      body: { currentPassword: PASSWORD, newPassword: 'alllowercase' },
      cookie,
    });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ errors: [{ field: 'newPassword', code: 'password_rule' }] });
    const missing = await server.call('changePassword', { body: { newPassword: 'N3wPassw0rd' }, cookie });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ errors: [{ field: 'currentPassword', code: 'required' }] });
  });

  it('429 after repeated wrong current passwords (the per-account-and-client sign-in failure limit)', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const cookie = await signIn(server, email);
    const body = { currentPassword: 'Wrong1234', newPassword: 'N3wPassw0rd' };
    const max = server.config.limits.signInFailuresPerAccountAndClient.max;
    for (let i = 0; i < max; i += 1)
      expect((await server.call('changePassword', { body, cookie })).status).toBe(409);
    const limited = await server.call('changePassword', { body, cookie });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
