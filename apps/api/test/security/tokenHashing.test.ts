// Finding 7: making the server hash for free. A PATCH of an unknown registration or reset token hashed the
// password before it looked the token up (80 ms of scrypt against 2 ms), token attempts had no limit, and
// 200 such PATCHes made a real sign-in take 9.7 s. Now the token is looked up first (nothing is hashed
// for a token that is not live), a client's failed token attempts are limited, and the hashing queue is
// bounded: beyond it a sign-in gets 503 with Retry-After while requests that need no hash are answered.
//
// The hashes are counted where every implementation must go through: scrypt of node:crypto.
import type * as nodeCrypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  insertAccounts,
  PASSWORD,
  startServer,
  uniqueEmail,
  serverFixture,
  type CallResult,
  type TestServer,
} from '../helpers.ts';

const hashing = vi.hoisted(() => ({
  calls: 0,
  /** While set, every scrypt call waits for it before it starts. */
  hold: undefined as Promise<void> | undefined,
}));

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof nodeCrypto>();
  const scrypt = (...args: unknown[]) => {
    hashing.calls += 1;
    const start = () => (original.scrypt as (...a: unknown[]) => void)(...args);
    if (hashing.hold) void hashing.hold.then(start);
    else start();
  };
  return { ...original, default: { ...original, scrypt }, scrypt };
});

const { server, register, signIn, latestToken } = serverFixture();
beforeEach(() => {
  hashing.calls = 0;
});

/** A well-formed token (43 base64url characters, like the real ones) that was never issued. */
const unknownToken = (i = 0) => `${'x'.repeat(40)}${String(i).padStart(3, '0')}`;

describe('an attacker PATCHes unknown tokens to make the server hash', () => {
  it('the scrypt mock counts a real hash (the measure works)', async () => {
    await register(uniqueEmail('measure'));
    expect(hashing.calls).toBe(1);
  });

  it('an unknown registration token with a password: 404, and nothing is hashed', async () => {
    const response = await server.call('finishRegistration', {
      params: { token: unknownToken() },
      body: { password: 'Attack3rPass1' },
      ip: '203.0.113.71',
    });
    expect(response.status).toBe(404);
    expect(hashing.calls).toBe(0);
  });

  it('an unknown password-reset token with a password: 404, and nothing is hashed', async () => {
    const response = await server.call('finishPasswordReset', {
      params: { token: unknownToken() },
      body: { password: 'Attack3rPass1' },
      ip: '203.0.113.72',
    });
    expect(response.status).toBe(404);
    expect(hashing.calls).toBe(0);
  });

  it('an unknown e-mail change token: 404, and nothing is hashed', async () => {
    const response = await server.call('activateEmailChange', {
      params: { token: unknownToken() },
      ip: '203.0.113.73',
    });
    expect(response.status).toBe(404);
    expect(hashing.calls).toBe(0);
  });

  it('a used registration token: 404, and nothing is hashed', async () => {
    const email = uniqueEmail('used');
    const token = await register(email);
    hashing.calls = 0;
    const again = await server.call('finishRegistration', {
      params: { token },
      body: { password: 'Attack3rPass1' },
      ip: '203.0.113.74',
    });
    expect(again.status).toBe(404);
    expect(hashing.calls).toBe(0);
  });

  it('a live token is still hashed and used (the look-up comes first, the work still happens)', async () => {
    const email = uniqueEmail('live');
    await register(email);
    expect((await server.call('requestPasswordReset', { body: { email } })).status).toBe(202);
    const token = await latestToken(email, 'password-reset');
    hashing.calls = 0;
    const reset = await server.call('finishPasswordReset', {
      params: { token },
      body: { password: 'NewPassw0rd26' },
    });
    expect(reset.status).toBe(204);
    expect(hashing.calls).toBe(1);
  });
});

describe('an attacker tries token after token from one client', () => {
  const tries: [string, (ip: string, i: number) => Promise<CallResult>][] = [
    [
      'registration',
      (ip, i) =>
        server.call('finishRegistration', {
          params: { token: unknownToken(i) },
          body: { password: 'Attack3rPass1' },
          ip,
        }),
    ],
    [
      'password reset',
      (ip, i) =>
        server.call('finishPasswordReset', {
          params: { token: unknownToken(i) },
          body: { password: 'Attack3rPass1' },
          ip,
        }),
    ],
    [
      'e-mail change',
      (ip, i) => server.call('activateEmailChange', { params: { token: unknownToken(i) }, ip }),
    ],
  ];

  tries.forEach(([kind, attempt], k) => {
    it(`${kind}: after the limit of failed attempts, 429 with Retry-After; another client is not affected`, async () => {
      const { max, windowMs } = server.config.limits.tokenFailuresPerClient;
      const ip = `203.0.113.${80 + k}`;
      const answers: CallResult[] = [];
      for (let i = 0; i < max + 3; i += 1) answers.push(await attempt(ip, i));
      expect(answers.slice(0, max).map((r) => r.status)).toEqual(Array<number>(max).fill(404));
      for (const refused of answers.slice(max)) {
        expect(refused.status).toBe(429);
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
      }
      expect(hashing.calls).toBe(0);
      expect((await attempt(`198.51.100.${80 + k}`, 999)).status).toBe(404);
      // The window passes: the client is answered again.
      server.clock.advance(windowMs);
      expect((await attempt(ip, 1000)).status).toBe(404);
    });
  });

  it('the limited client is refused even a GET of a token (the limit counts every token look-up)', async () => {
    const { max } = server.config.limits.tokenFailuresPerClient;
    const ip = '203.0.113.90';
    for (let i = 0; i < max; i += 1)
      expect((await server.call('getRegistration', { params: { token: unknownToken(i) }, ip })).status).toBe(
        404,
      );
    const refused = await server.call('getPasswordReset', { params: { token: unknownToken(0) }, ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a sign-in flood beyond the hashing queue', () => {
  let busy: TestServer;
  beforeAll(async () => {
    // One hash at a time and two waiting: small enough to fill with a dozen requests.
    busy = await startServer({ hashing: { concurrency: 1, queue: 2 } }, server);
  });
  afterAll(() => busy.close());

  it('the overflow gets 503 with Retry-After and no hash, while a session check still answers', async () => {
    const email = uniqueEmail('flood');
    await register(email);
    const cookie = await signIn(email);
    // An account per request: an account holds one place at a time (fairHashing.test.ts).
    const emails = await insertAccounts(busy, 12, 'flood');
    let release = () => undefined as void;
    hashing.hold = new Promise<void>((resolve) => (release = resolve));
    try {
      const settled: CallResult[] = [];
      const flood = emails.map((address, i) =>
        busy
          .call('signIn', { body: { email: address, password: PASSWORD }, ip: `198.51.100.${100 + i}` })
          .then((r) => (settled.push(r), r)),
      );
      // The refusals need no hash: they come back while the admitted hashes are still held.
      const deadline = Date.now() + 5000;
      while (settled.length < 9 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(settled.map((r) => r.status)).toEqual(Array<number>(9).fill(503));
      for (const r of settled) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      // The three admitted sign-ins hold their places; once their queries are done (slower on PostgreSQL than
      // on the embedded database) one hashes and two wait.
      const admitted = busy.services.passwords.load;
      expect(admitted.running + admitted.waiting + admitted.reserved).toBe(3);
      while (busy.services.passwords.load.reserved > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(busy.services.passwords.load).toEqual({ running: 1, waiting: 2, reserved: 0 });

      // Once full, a further sign-in is refused before its first database query.
      const query = vi.spyOn(busy.services.db, 'query');
      const extra = await busy.call('signIn', {
        body: { email: uniqueEmail('extra'), password: PASSWORD },
        ip: '198.51.100.99',
      });
      expect(extra.status).toBe(503);
      expect(query).not.toHaveBeenCalled();
      query.mockRestore();

      const check = await busy.call('getCurrentSession', { cookie });
      expect(check.status).toBe(200);

      release();
      hashing.hold = undefined;
      const all = await Promise.all(flood);
      expect(all.filter((r) => r.status === 200)).toHaveLength(3);
    } finally {
      release();
      hashing.hold = undefined;
    }
  });
});
