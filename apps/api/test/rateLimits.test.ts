// Abuse limits: sign-in failures per account and per client, mail-sending requests per address and client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  latestToken,
  PASSWORD,
  register,
  signIn,
  startServer,
  uniqueEmail,
  type TestServer,
} from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('sign-in failures', () => {
  it('per account and client: 5 wrong passwords in 15 minutes, then 429 with Retry-After, even with the right one', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const { max, windowMs } = server.config.limits.signInFailuresPerAccountAndClient;
    expect([max, windowMs]).toEqual([5, 15 * 60 * 1000]);
    const ip = '10.2.0.1';
    for (let i = 0; i < max; i += 1) {
      const r = await server.call('signIn', { body: { email, password: 'Wrong1234' }, ip });
      expect(r.status).toBe(403);
    }
    const limited = await server.call('signIn', { body: { email, password: PASSWORD }, ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ type: 'urn:pre-admission:problem:rate-limited', status: 429 });
    expect(Number(limited.headers['retry-after'])).toBe(15 * 60);

    server.clock.advance(10 * 60 * 1000);
    const later = await server.call('signIn', { body: { email, password: PASSWORD }, ip });
    expect(later.status).toBe(429);
    expect(Number(later.headers['retry-after'])).toBe(5 * 60);

    server.clock.advance(5 * 60 * 1000);
    expect((await server.call('signIn', { body: { email, password: PASSWORD }, ip })).status).toBe(200);
  });

  it('per account: a ceiling of 50 wrong passwords in 15 minutes from all clients together', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const { max, windowMs } = server.config.limits.signInFailuresPerAccount;
    expect([max, windowMs]).toEqual([50, 15 * 60 * 1000]);
    for (let i = 0; i < max; i += 1) {
      const r = await server.call('signIn', { body: { email, password: 'Wrong1234' }, ip: `10.7.${i}.1` });
      expect(r.status).toBe(403);
    }
    const limited = await server.call('signIn', { body: { email, password: PASSWORD }, ip: '10.7.99.1' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("a successful sign-in clears the client's failures for the account", async () => {
    const email = uniqueEmail();
    await register(server, email);
    const { max } = server.config.limits.signInFailuresPerAccountAndClient;
    for (let i = 0; i < max - 1; i += 1) {
      await server.call('signIn', { body: { email, password: 'Wrong1234' }, ip: '10.3.0.1' });
    }
    expect(
      (await server.call('signIn', { body: { email, password: PASSWORD }, ip: '10.3.0.1' })).status,
    ).toBe(200);
    for (let i = 0; i < max - 1; i += 1) {
      const r = await server.call('signIn', { body: { email, password: 'Wrong1234' }, ip: '10.3.0.1' });
      expect(r.status).toBe(403);
    }
  });

  it('a password reset lifts every sign-in lock of the account', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const { max } = server.config.limits.signInFailuresPerAccountAndClient;
    for (let i = 0; i <= max; i += 1)
      await server.call('signIn', { body: { email, password: 'Wrong1234' }, ip: '10.8.0.1' });
    expect(
      (await server.call('signIn', { body: { email, password: PASSWORD }, ip: '10.8.0.1' })).status,
    ).toBe(429);
    expect((await server.call('requestPasswordReset', { body: { email } })).status).toBe(202);
    const token = await latestToken(server, email, 'password-reset');
    const fresh = 'Fresh2026pw';
    expect(
      (await server.call('finishPasswordReset', { params: { token }, body: { password: fresh } })).status,
    ).toBe(204);
    expect((await server.call('signIn', { body: { email, password: fresh }, ip: '10.8.0.1' })).status).toBe(
      200,
    );
  });

  it('unknown tokens: 20 failed token attempts per client in 15 minutes, then 429; a live token still works elsewhere', async () => {
    const ip = '10.9.0.1';
    const { max, windowMs } = server.config.limits.tokenFailuresPerClient;
    expect([max, windowMs]).toEqual([20, 15 * 60 * 1000]);
    for (let i = 0; i < max; i += 1) {
      const op = (['getRegistration', 'finishPasswordReset', 'activateEmailChange'] as const)[i % 3]!;
      const body = op === 'finishPasswordReset' ? { password: PASSWORD } : undefined;
      expect((await server.call(op, { params: { token: `guess${i}` }, body, ip })).status).toBe(404);
    }
    const limited = await server.call('getPasswordReset', { params: { token: 'guess-more' }, ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await server.call('getPasswordReset', { params: { token: 'guess-more' } })).status).toBe(404);
  });

  it('per client: 20 failures (unknown accounts or wrong passwords) in 15 minutes, then 429', async () => {
    const ip = '10.4.0.1';
    const { max } = server.config.limits.signInFailuresPerClient;
    expect(max).toBe(20);
    for (let i = 0; i < max; i += 1) {
      expect(
        (await server.call('signIn', { body: { email: uniqueEmail('probe'), password: 'x' }, ip })).status,
      ).toBe(404);
    }
    const email = uniqueEmail();
    await register(server, email);
    const limited = await server.call('signIn', { body: { email, password: PASSWORD }, ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // another client is not affected
    expect(
      (await server.call('signIn', { body: { email, password: PASSWORD }, ip: '10.4.0.2' })).status,
    ).toBe(200);
  });
});

describe('mail-sending requests', () => {
  it('per mailbox: 5 registration and e-mail-change mails an hour, every spelling together, then 429', async () => {
    const email = uniqueEmail();
    const [local, domain] = email.split('@') as [string, string];
    const { max, windowMs } = server.config.limits.mailsPerAddress;
    expect([max, windowMs]).toEqual([5, 60 * 60 * 1000]);
    const owner = uniqueEmail('owner');
    await register(server, owner);
    const cookie = await signIn(server, owner);
    for (let i = 0; i < max; i += 1) {
      const response =
        i % 2
          ? await server.call('requestEmailChange', { body: { email: `${local}+${i}@${domain}` }, cookie })
          : await server.call('requestRegistration', { body: { email }, ip: `10.5.0.${i}` });
      expect(response.status).toBe(202);
    }
    const limited = await server.call('requestRegistration', {
      body: { email: email.toUpperCase() },
      ip: '10.5.1.1',
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    server.clock.advance(windowMs);
    expect((await server.call('requestRegistration', { body: { email }, ip: '10.5.1.1' })).status).toBe(202);
  });

  it('per account: 5 reset mails an hour, then 429; the mailbox budget spent by other mails does not refuse them', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const [local, domain] = email.split('@') as [string, string];
    const { max, windowMs } = server.config.limits.resetMailsPerAccount;
    expect([max, windowMs]).toEqual([5, 60 * 60 * 1000]);
    // The reset budget must not outlast a reset link: when it refuses, the newest reset mail is still live.
    expect(windowMs).toBeLessThanOrEqual(server.config.lifetimes.passwordReset);
    for (let i = 1; i < server.config.limits.mailsPerAddress.max; i += 1)
      await server.call('requestRegistration', { body: { email: `${local}+${i}@${domain}` } });
    for (let i = 0; i < max; i += 1)
      expect((await server.call('requestPasswordReset', { body: { email }, ip: `10.5.2.${i}` })).status).toBe(
        202,
      );
    const limited = await server.call('requestPasswordReset', {
      body: { email: email.toUpperCase() },
      ip: '10.5.3.1',
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    server.clock.advance(windowMs);
    expect((await server.call('requestPasswordReset', { body: { email }, ip: '10.5.3.1' })).status).toBe(202);
  });

  it('per client: 200 an hour (a school or an agency behind one address), then 429', async () => {
    const ip = '10.6.0.1';
    const { max } = server.config.limits.mailsPerClient;
    expect(max).toBe(200);
    for (let i = 0; i < max; i += 1) {
      expect(
        (await server.call('requestRegistration', { body: { email: uniqueEmail('c') }, ip })).status,
      ).toBe(202);
    }
    const limited = await server.call('requestRegistration', { body: { email: uniqueEmail('c') }, ip });
    expect(limited.status).toBe(429);
  });
});
