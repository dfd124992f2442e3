// Issue 29: sign-in on every core while the server is alone, a core kept for the event loop as soon as another
// request is being served (docs/security.md#hashing). The hasher runs `concurrency` hashes at once while no
// other request is in flight and `whileServing` (one fewer) while one is: a hash already running finishes,
// only new starts are held, and the spare slot is taken again as soon as the last other request ends.
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { PasswordHasher, type HasherOptions } from '../../src/account/passwords.ts';
import { insertAccounts, LogCapture, PASSWORD, requestId, serverFixture, testScrypt } from '../helpers.ts';

/** Lets the promises and timers already due run (the hasher's hand-overs are promise callbacks). */
const settle = () => delay(5);

/** A hasher whose hashes each wait for their own gate before they start (`gates`, in start order). */
function gatedHasher(limits: HasherOptions['limits']) {
  const gates: (() => void)[] = [];
  const hasher = new PasswordHasher({
    params: testScrypt,
    limits,
    beforeHash: () => new Promise<void>((resolve) => gates.push(resolve)),
  });
  return { hasher, gates };
}

describe('PasswordHasher: the spare core hashes only while no other request is being served', () => {
  it('holds the second hash while another request is in flight and starts it as soon as none is', async () => {
    const { hasher, gates } = gatedHasher({ concurrency: 2, whileServing: 1, queue: 32 });
    const sessionCheck = hasher.serving();
    const first = hasher.hash(PASSWORD);
    const second = hasher.hash(PASSWORD);
    await settle();
    expect(hasher.load).toEqual({ running: 1, waiting: 1, reserved: 0 });

    sessionCheck(); // answered: no other request in flight now
    await settle();
    expect(hasher.load).toEqual({ running: 2, waiting: 0, reserved: 0 });

    // Another request arrives while both hash: neither is stopped, but the slot the first frees is not
    // passed on while that request is in flight.
    const pageLoad = hasher.serving();
    const third = hasher.hash(PASSWORD);
    await settle();
    expect(hasher.load).toEqual({ running: 2, waiting: 1, reserved: 0 });
    gates[0]!();
    await first;
    await settle();
    expect(hasher.load).toEqual({ running: 1, waiting: 1, reserved: 0 });

    pageLoad();
    pageLoad(); // a second call changes nothing
    await settle();
    expect(hasher.load).toEqual({ running: 2, waiting: 0, reserved: 0 });
    gates[1]!();
    gates[2]!();
    expect(await Promise.all([second, third])).toHaveLength(2);
    expect(hasher.load).toEqual({ running: 0, waiting: 0, reserved: 0 });
  });

  it('keeps the spare slot back until no other request has been served for `quietMs`', async () => {
    // bench:abuse's flood with 100 session checks a second (12:10 UTC, quiet machine): between two checks
    // nothing else was in flight, the spare slot was taken each time, and the next check waited behind two
    // hashes (p99 53 ms in one run of three). Another request in the last `quietMs` counts as being served.
    const { hasher, gates } = gatedHasher({ concurrency: 2, whileServing: 1, queue: 32, quietMs: 100 });
    const sessionCheck = hasher.serving();
    const first = hasher.hash(PASSWORD);
    const second = hasher.hash(PASSWORD);
    await settle();
    sessionCheck();
    await settle();
    expect(hasher.load).toEqual({ running: 1, waiting: 1, reserved: 0 });

    // A further check within the quiet time starts it afresh.
    await delay(60);
    hasher.serving()();
    await delay(60);
    expect(hasher.load).toEqual({ running: 1, waiting: 1, reserved: 0 });

    // Quiet for long enough: the waiting hash starts without a hash having to end first.
    await delay(80);
    expect(hasher.load).toEqual({ running: 2, waiting: 0, reserved: 0 });
    for (const gate of gates) gate();
    await Promise.all([first, second]);
  });

  it('never goes below one hash at once, and a fixed count ignores the requests served', async () => {
    const alone = gatedHasher({ concurrency: 1, whileServing: 1, queue: 16 });
    const served = alone.hasher.serving();
    const one = alone.hasher.hash(PASSWORD);
    await settle();
    expect(alone.hasher.load.running).toBe(1);
    alone.gates[0]!();
    await one;
    served();

    // HASHING_CONCURRENCY: no `whileServing`, the count is fixed.
    const fixed = gatedHasher({ concurrency: 2, queue: 32 });
    const during = fixed.hasher.serving();
    const hashes = [fixed.hasher.hash(PASSWORD), fixed.hasher.hash(PASSWORD)];
    await settle();
    expect(fixed.hasher.load).toEqual({ running: 2, waiting: 0, reserved: 0 });
    for (const gate of fixed.gates) gate();
    await Promise.all(hashes);
    during();
  });
});

describe('the server counts every request but those that hash as another request being served', () => {
  const { server } = serverFixture();
  let gated: ReturnType<typeof gatedHasher>;
  let app: App;
  let releaseSlow: () => void = () => {};
  /** Slow requests the handler has begun. */
  let slowStarted = 0;

  beforeAll(async () => {
    gated = gatedHasher({ concurrency: 2, whileServing: 1, queue: 32 });
    // A second server on the same database, with the hasher above.
    app = await buildApp({
      config: server.config,
      db: server.services.db,
      clock: server.clock,
      logStream: new LogCapture(),
      passwords: gated.hasher,
      ownsDatabase: false,
    });
    // Stands for any request that takes a while (a page, a list, a slow query).
    app.app.get('/test/slow', async () => {
      slowStarted += 1;
      await new Promise<void>((resolve) => (releaseSlow = resolve));
      return { ok: true };
    });
  });
  afterAll(() => app.close());

  const signIn = (email: string, ip: string) =>
    app.app.inject({
      method: 'POST',
      url: server.url('signIn'),
      headers: { 'x-request-id': requestId() },
      payload: { email, password: PASSWORD },
      remoteAddress: ip,
    });

  async function until(condition: () => boolean) {
    const deadline = Date.now() + 5000;
    while (!condition() && Date.now() < deadline) await delay(5);
  }

  it('two sign-ins alone hash on both cores; with a request in flight, on one until it is answered', async () => {
    const emails = await insertAccounts(server, 4, 'cores');
    gated.gates.length = 0;

    // Alone: the sign-ins themselves do not count, both hash at once.
    const alone = [signIn(emails[0]!, '10.29.0.1'), signIn(emails[1]!, '10.29.0.2')];
    await until(() => gated.hasher.load.running === 2);
    expect(gated.hasher.load).toEqual({ running: 2, waiting: 0, reserved: 0 });
    for (const gate of gated.gates.splice(0)) gate();
    expect((await Promise.all(alone)).map((r) => r.statusCode)).toEqual([200, 200]);

    // Another request in flight: one hash at once.
    const slow = app.app.inject({ method: 'GET', url: '/test/slow' });
    await settle();
    const during = [signIn(emails[2]!, '10.29.0.3'), signIn(emails[3]!, '10.29.0.4')];
    await until(() => gated.hasher.load.waiting === 1);
    expect(gated.hasher.load).toEqual({ running: 1, waiting: 1, reserved: 0 });

    // Answered: the spare core takes the waiting hash at once.
    releaseSlow();
    expect((await slow).statusCode).toBe(200);
    await until(() => gated.hasher.load.running === 2);
    expect(gated.hasher.load).toEqual({ running: 2, waiting: 0, reserved: 0 });
    for (const gate of gated.gates.splice(0)) gate();
    expect((await Promise.all(during)).map((r) => r.statusCode)).toEqual([200, 200]);
  });

  it('a request whose client goes away before its answer stops counting: the spare core comes back', async () => {
    const emails = await insertAccounts(server, 2, 'gone');
    gated.gates.length = 0;
    // Port 0: the system gives a free one (a fixed port collides when two runs share the machine).
    const base = await app.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      slowStarted = 0;
      const gone = new AbortController();
      const slow = fetch(`${base}/test/slow`, { signal: gone.signal }).catch(() => 'aborted');
      await until(() => slowStarted === 1);
      const during = [signIn(emails[0]!, '10.29.1.1'), signIn(emails[1]!, '10.29.1.2')];
      await until(() => gated.hasher.load.waiting === 1);
      expect(gated.hasher.load).toEqual({ running: 1, waiting: 1, reserved: 0 });

      gone.abort(); // the handler is still running; its client has hung up
      expect(await slow).toBe('aborted');
      await until(() => gated.hasher.load.running === 2);
      expect(gated.hasher.load).toEqual({ running: 2, waiting: 0, reserved: 0 });
      for (const gate of gated.gates.splice(0)) gate();
      expect((await Promise.all(during)).map((r) => r.statusCode)).toEqual([200, 200]);
    } finally {
      releaseSlow();
    }
  });
});
