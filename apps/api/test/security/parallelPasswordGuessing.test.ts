// Finding 2: parallel password guessing. The failure count was read, then written after the hash: 40
// parallel wrong passwords for one account were all hashed and answered 403 (200 parallel: 141). Now each
// attempt takes its slot in one counting statement before any hash, also across servers on one database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startServer, uniqueEmail, type CallResult, type TestServer } from '../helpers.ts';

let server: TestServer;
let second: TestServer;
// The rate limits are what is tested here: a hashing queue roomy enough for every request, so that none is
// refused 503 by the queue (signInBurst.test.ts and tokenHashing.test.ts test the queue).
const hashing = { concurrency: 2, queue: 250 };
beforeAll(async () => {
  server = await startServer({ hashing });
  // A second server process on the same database (the same data, its own app, clock and hasher).
  second = await startServer({ hashing }, server);
});
afterAll(async () => {
  await second.close();
  await server.close();
});

const statuses = (responses: CallResult[]) => responses.map((r) => r.status);
const count = (responses: CallResult[], status: number) =>
  statuses(responses).filter((s) => s === status).length;

function expectLimited(responses: CallResult[], allowed: number, allowedStatus: number): void {
  expect(count(responses, allowedStatus)).toBeLessThanOrEqual(allowed);
  expect(count(responses, allowedStatus) + count(responses, 429)).toBe(responses.length);
  for (const r of responses.filter((x) => x.status === 429))
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
}

describe('an attacker sends many wrong passwords for one account at once', () => {
  for (const n of [40, 200]) {
    it(`${n} parallel wrong passwords from one client: at most 5 are checked (403), the rest 429`, async () => {
      const email = uniqueEmail('victim');
      await register(server, email);
      const ip = `10.20.${n % 250}.1`;
      const responses = await Promise.all(
        Array.from({ length: n }, () =>
          server.call('signIn', { body: { email, password: 'Guess1234' }, ip }),
        ),
      );
      expectLimited(responses, server.config.limits.signInFailuresPerAccountAndClient.max, 403);
    });
  }

  it('200 parallel wrong passwords split over two servers on one database: still at most 5 checked', async () => {
    const email = uniqueEmail('victim');
    await register(server, email);
    const ip = '10.21.0.1';
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? second : server).call('signIn', { body: { email, password: 'Guess1234' }, ip }),
      ),
    );
    expectLimited(responses, server.config.limits.signInFailuresPerAccountAndClient.max, 403);
  });

  it('200 parallel wrong passwords from 200 clients: at most the per-account ceiling are checked', async () => {
    const email = uniqueEmail('victim');
    await register(server, email);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? second : server).call('signIn', {
          body: { email, password: 'Guess1234' },
          ip: `10.22.${i}.1`,
        }),
      ),
    );
    expectLimited(responses, server.config.limits.signInFailuresPerAccount.max, 403);
  });
});

describe('an attacker probes many accounts or mailboxes at once from one client', () => {
  it('200 parallel sign-ins for unknown accounts: at most 20 are answered 404, the rest 429', async () => {
    const ip = '10.23.0.1';
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? second : server).call('signIn', {
          body: { email: uniqueEmail('probe'), password: 'x' },
          ip,
        }),
      ),
    );
    expectLimited(responses, server.config.limits.signInFailuresPerClient.max, 404);
  });

  it('40 parallel reset requests for one address: at most 5 mails, the rest 429', async () => {
    const email = uniqueEmail('mailbox');
    // Its registration mail is the mailbox's, not the account's reset budget (docs/security.md#locked-out).
    await register(server, email);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? second : server).call('requestPasswordReset', { body: { email }, ip: `10.24.${i}.1` }),
      ),
    );
    expectLimited(responses, server.config.limits.resetMailsPerAccount.max, 202);
  });

  it('parallel registration requests from one client, 20 past its hourly limit: at most the limit in mails, the rest 429', async () => {
    const ip = '10.25.0.1';
    const { max } = server.config.limits.mailsPerClient;
    const responses = await Promise.all(
      Array.from({ length: max + 20 }, (_, i) =>
        (i % 2 ? second : server).call('requestRegistration', { body: { email: uniqueEmail('bulk') }, ip }),
      ),
    );
    expectLimited(responses, max, 202);
    expect(count(responses, 429)).toBeGreaterThanOrEqual(20);
  });
});
