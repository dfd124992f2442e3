// Sign in, the current session and sign out: docs/behaviour.md#session session states and docs/behaviour.md#error-catalogue statuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, register, signIn, startServer, uniqueEmail, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('sign in', () => {
  it('signs in with the right password: 200, session cookie HttpOnly SameSite=Lax Path=/', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const response = await server.call('signIn', { body: { email, password: PASSWORD } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ signedIn: true, email });
    const cookie = response.setCookie.find((c) => c.startsWith('pre_admission_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    // at least 128 random bits, base64url
    expect(response.sessionCookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('compares the address case-insensitively', async () => {
    const email = uniqueEmail('Mixed');
    await register(server, email);
    const response = await server.call('signIn', {
      body: { email: email.toUpperCase(), password: PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ signedIn: true, email });
  });

  it('answers 404 account-not-found for an unknown address', async () => {
    const response = await server.call('signIn', {
      body: { email: uniqueEmail('nobody'), password: PASSWORD },
    });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ type: 'urn:pre-admission:problem:account-not-found', status: 404 });
    expect(response.sessionCookie).toBeUndefined();
  });

  it('answers 403 wrong-password for a wrong password', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const response = await server.call('signIn', { body: { email, password: 'Wrong1234' } });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ type: 'urn:pre-admission:problem:wrong-password', status: 403 });
    expect(response.sessionCookie).toBeUndefined();
  });

  it('gives a new session id at every sign-in and ends the one the browser held', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const first = await signIn(server, email);
    const second = await server.call('signIn', { body: { email, password: PASSWORD }, cookie: first });
    const secondCookie = `pre_admission_session=${second.sessionCookie}`;
    expect(secondCookie).not.toBe(first);
    expect((await server.call('getCurrentSession', { cookie: secondCookie })).status).toBe(200);
    expect((await server.call('getCurrentSession', { cookie: first })).status).toBe(403);
  });

  it('keeps other sessions of the account alive (two browsers)', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const a = await signIn(server, email);
    const b = await signIn(server, email);
    expect((await server.call('getCurrentSession', { cookie: a })).status).toBe(200);
    expect((await server.call('getCurrentSession', { cookie: b })).status).toBe(200);
  });

  it('validates the body: 400 with field errors', async () => {
    const response = await server.call('signIn', { body: { email: 'not-an-address', password: '' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      type: 'urn:pre-admission:problem:validation',
      errors: expect.arrayContaining([
        { field: 'email', code: 'invalid_email' },
        { field: 'password', code: 'required' },
      ]),
    });
  });
});

describe('current session', () => {
  it('200 with the email when signed in', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const cookie = await signIn(server, email);
    const response = await server.call('getCurrentSession', { cookie });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email, idleTimeoutSeconds: 1800, warningSeconds: 120 });
  });

  it('401 without a cookie', async () => {
    const response = await server.call('getCurrentSession');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ type: 'urn:pre-admission:problem:no-session' });
  });

  it('403 for an unknown session id', async () => {
    const response = await server.call('getCurrentSession', { cookie: 'pre_admission_session=forged' });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ type: 'urn:pre-admission:problem:session-revoked' });
  });

  it('403 once the session has expired (12 hours, used every 20 minutes)', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const cookie = await signIn(server, email);
    const step = 20 * 60 * 1000;
    for (let used = step; used < server.config.lifetimes.session; used += step) {
      server.clock.advance(step);
      expect((await server.call('extendSession', { cookie })).status).toBe(200);
    }
    server.clock.advance(server.config.lifetimes.session % step || step);
    server.clock.advance(-2000);
    expect((await server.call('getCurrentSession', { cookie })).status).toBe(200);
    server.clock.advance(2000);
    expect((await server.call('getCurrentSession', { cookie })).status).toBe(403);
  });
});

describe('sign out', () => {
  it('204, clears the cookie and revokes the session server-side', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const cookie = await signIn(server, email);
    const response = await server.call('signOut', { cookie });
    expect(response.status).toBe(204);
    expect(response.sessionCookie).toBe('');
    expect(response.setCookie[0]).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    // The old cookie replayed: the session is revoked, not merely forgotten by the browser.
    expect((await server.call('getCurrentSession', { cookie })).status).toBe(403);
  });

  it('is harmless twice and without a cookie', async () => {
    expect((await server.call('signOut')).status).toBe(204);
    expect((await server.call('signOut', { cookie: 'pre_admission_session=gone' })).status).toBe(204);
  });
});
