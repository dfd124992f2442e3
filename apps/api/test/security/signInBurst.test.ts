// A burst of sign-ins against a full hashing queue (bench:abuse, docs/security.md#hashing). The queue's early
// check (a 503 before any query) only counted the sign-ins already hashing or waiting for a hash; those still
// running their queries before the hash were not counted. A burst that arrived together therefore all passed
// the check, and every one of them ran its queries (account, rate limits, refunds) before the queue refused
// it: on the embedded database those queries run on the event loop, ahead of everyone's session checks.
// Now a sign-in holds its place in the queue from the check on, so the overflow costs no query at all.
import type * as nodeCrypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultHashing, HASHING_QUIET_MS, loadConfig } from '../../src/platform/config.ts';
import {
  insertAccounts,
  PASSWORD,
  serverFixture,
  startServer,
  uniqueEmail,
  type TestServer,
} from '../helpers.ts';

const hashing = vi.hoisted(() => ({
  /** While set, every scrypt call waits for it before it starts. */
  hold: undefined as Promise<void> | undefined,
}));

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof nodeCrypto>();
  const scrypt = (...args: unknown[]) => {
    const start = () => (original.scrypt as (...a: unknown[]) => void)(...args);
    if (hashing.hold) void hashing.hold.then(start);
    else start();
  };
  return { ...original, default: { ...original, scrypt }, scrypt };
});

const { server, register, signIn } = serverFixture();
let busy: TestServer;
beforeAll(async () => {
  // One hash at a time and two waiting: three sign-ins admitted, the rest refused.
  busy = await startServer({ hashing: { concurrency: 1, queue: 2 } }, server);
});
afterAll(() => busy.close());

describe('an attacker sends a burst of sign-ins at once', () => {
  it('only as many as the queue admits reach the database; the rest get 503 before any query', async () => {
    const email = uniqueEmail('burst');
    await register(email);
    const cookie = await signIn(email);
    // An account per request: an account holds one place at a time (fairHashing.test.ts), and the burst is
    // about the queue's size.
    const emails = await insertAccounts(busy, 20, 'burst');
    // The database answers slowly (a busy one, or the embedded one under load): the burst has all arrived
    // before the first sign-in's account lookup returns, as when many connections' requests come in one
    // turn of the event loop.
    const db = busy.services.db;
    const original = db.query.bind(db);
    let openGate = () => undefined as void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const query = vi.spyOn(db, 'query').mockImplementation(async (sql, params) => {
      if (/from accounts where lower\(email\)/.test(sql)) await gate;
      return original(sql, params);
    });
    let release = () => undefined as void;
    hashing.hold = new Promise<void>((resolve) => (release = resolve));
    try {
      const burst = emails.map((address, i) =>
        busy.call('signIn', { body: { email: address, password: PASSWORD }, ip: `198.51.100.${10 + i}` }),
      );
      setTimeout(openGate, 300);
      // The refusals come back while the admitted hashes are held.
      const deadline = Date.now() + 5000;
      const settled: number[] = [];
      for (const request of burst) void request.then((r) => settled.push(r.status));
      while (settled.length < 17 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(settled).toEqual(Array<number>(17).fill(503));
      const accountLookups = query.mock.calls.filter(([sql]) =>
        /from accounts where lower\(email\)/.test(sql),
      );
      expect(accountLookups).toHaveLength(3);

      // A session check is answered meanwhile.
      expect((await busy.call('getCurrentSession', { cookie })).status).toBe(200);

      release();
      hashing.hold = undefined;
      const all = await Promise.all(burst);
      expect(all.filter((r) => r.status === 200)).toHaveLength(3);
      expect(all.filter((r) => r.status === 503)).toHaveLength(17);
      for (const r of all.filter((r) => r.status === 503))
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      // Every admitted sign-in gave its place back: the queue is empty again.
      expect(busy.services.passwords.load).toEqual({ running: 0, waiting: 0, reserved: 0 });
    } finally {
      openGate();
      release();
      hashing.hold = undefined;
      query.mockRestore();
    }
  });
});

describe('an attacker keeps the queue full with sign-ins sent back to back', () => {
  // Brute-force tools run a fixed number of connections, each sending its next request as soon as the last
  // is answered. Refused at once, 64 such connections made about 1,600 refusals a second (bench:abuse): the
  // event loop spent most of its time refusing, and the session checks queued behind the refusals. A
  // refusal is now held for HASHING_BUSY_HOLD_MS (the Retry-After it carries) before it is sent, so each
  // connection costs at most one refusal a second (docs/security.md#hashing).
  it('each connection gets at most one refusal per hold; a session check is answered meanwhile', async () => {
    const email = uniqueEmail('loop');
    await register(email);
    const cookie = await signIn(email);
    // Three accounts from three clients fill the queue (each holds one place at a time).
    const emails = await insertAccounts(busy, 3, 'loop');
    let release = () => undefined as void;
    hashing.hold = new Promise<void>((resolve) => (release = resolve));
    const admitted = emails.map((address, i) =>
      busy.call('signIn', { body: { email: address, password: PASSWORD }, ip: `198.51.100.${40 + i}` }),
    );
    try {
      const deadline = Date.now() + 5000;
      while (busy.services.passwords.load.waiting < 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
      const connections = 8;
      const seconds = 1.5;
      const end = Date.now() + seconds * 1000;
      const refusals: number[] = [];
      const loops = Array.from({ length: connections }, async (_, c) => {
        while (Date.now() < end) {
          const sent = Date.now();
          // Accounts of their own, not waiting in the line of one that holds a place.
          const r = await busy.call('signIn', {
            body: { email: uniqueEmail('flood'), password: `wrong-${c}-${refusals.length}` },
            ip: `198.51.100.${60 + c}`,
          });
          expect(r.status).toBe(503);
          refusals.push(Date.now() - sent);
        }
      });
      expect((await busy.call('getCurrentSession', { cookie })).status).toBe(200);
      await Promise.all(loops);
      const holdMs = 1000; // the default
      expect(refusals.length).toBeLessThanOrEqual(connections * Math.ceil((seconds * 1000) / holdMs));
      for (const ms of refusals) expect(ms).toBeGreaterThanOrEqual(holdMs - 50);
      expect(busy.config.busyHold.ms).toBe(holdMs);
    } finally {
      release();
      hashing.hold = undefined;
    }
    expect((await Promise.all(admitted)).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('holds only so many refusals at once; beyond them, the 503 goes at once', async () => {
    const held = await startServer(
      { hashing: { concurrency: 1, queue: 0 }, busyHold: { ms: 2000, max: 2 } },
      server,
    );
    const email = uniqueEmail('held');
    await register(email);
    let release = () => undefined as void;
    hashing.hold = new Promise<void>((resolve) => (release = resolve));
    try {
      const first = held.call('signIn', { body: { email, password: PASSWORD }, ip: '198.51.100.70' });
      const deadline = Date.now() + 5000;
      while (held.services.passwords.load.running < 1 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
      const started = Date.now();
      const timed = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          held
            .call('signIn', { body: { email, password: PASSWORD }, ip: `198.51.100.${71 + i}` })
            .then((r) => ({ status: r.status, ms: Date.now() - started })),
        ),
      );
      expect(timed.map((t) => t.status)).toEqual(Array<number>(5).fill(503));
      const atOnce = timed.filter((t) => t.ms < 1000);
      expect(atOnce).toHaveLength(3);
      release();
      expect((await first).status).toBe(200);
    } finally {
      release();
      hashing.hold = undefined;
      await held.close();
    }
  });
});

describe('the hashing default takes every core, and keeps one for the event loop while it serves', () => {
  it('hashes at once: as many as cores, one fewer (at least one) while another request is served, a pool thread kept free; 16 waiting per hash; refusals held 1 s', () => {
    expect(defaultHashing(1, 4)).toEqual({
      concurrency: 1,
      whileServing: 1,
      quietMs: HASHING_QUIET_MS,
      queue: 16,
    });
    expect(defaultHashing(2, 4)).toEqual({
      concurrency: 2,
      whileServing: 1,
      quietMs: HASHING_QUIET_MS,
      queue: 32,
    });
    // Never more than the thread pool's threads minus one (UV_THREADPOOL_SIZE, 4 by default).
    expect(defaultHashing(8, 4)).toEqual({
      concurrency: 3,
      whileServing: 3,
      quietMs: HASHING_QUIET_MS,
      queue: 48,
    });
    expect(defaultHashing(8, 10)).toEqual({
      concurrency: 8,
      whileServing: 7,
      quietMs: HASHING_QUIET_MS,
      queue: 128,
    });
    expect(defaultHashing(2, 1)).toEqual({
      concurrency: 1,
      whileServing: 1,
      quietMs: HASHING_QUIET_MS,
      queue: 16,
    });
    expect(loadConfig({}).hashing).toEqual(defaultHashing());
    // HASHING_CONCURRENCY: a fixed count, whatever else is served.
    expect(loadConfig({ HASHING_CONCURRENCY: '3' }).hashing).toEqual({ concurrency: 3, queue: 48 });
    expect(() => loadConfig({ HASHING_CONCURRENCY: '0' })).toThrow(/HASHING_CONCURRENCY/);
    expect(loadConfig({}).busyHold).toEqual({ ms: 1000, max: 1000 });
    expect(loadConfig({ HASHING_BUSY_HOLD_MS: '0' }).busyHold).toEqual({ ms: 0, max: 1000 });
    expect(() => loadConfig({ HASHING_BUSY_HOLD_MS: '-1' })).toThrow(/HASHING_BUSY_HOLD_MS/);
    expect(() => loadConfig({ HASHING_BUSY_HOLD_MS: '60000' })).toThrow(/HASHING_BUSY_HOLD_MS/);
  });
});
