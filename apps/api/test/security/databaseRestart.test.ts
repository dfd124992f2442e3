// Finding 8: one PostgreSQL restart took the whole site down: the pg pool's `error` event had no listener, so
// the connections the restart cut crashed every instance. Runs against a real cluster only:
// apps/api/scripts/with-postgres.sh sets DATABASE_URL and PG_RESTART_COMMAND (.ci/run does this).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, signIn, startServer, uniqueEmail, type TestServer } from '../helpers.ts';

const restartCommand = process.env.PG_RESTART_COMMAND;
const enabled = Boolean(process.env.DATABASE_URL && restartCommand);

let server: TestServer;
beforeAll(async () => {
  if (enabled) server = await startServer();
});
afterAll(async () => {
  if (enabled) await server.close();
});

describe.skipIf(!enabled)('a PostgreSQL restart while the site is busy', () => {
  it('an attacker (or an upgrade) restarts the database: the server survives and serves again', async () => {
    const email = uniqueEmail('restart');
    await register(server, email);
    const cookie = await signIn(server, email);
    const sessionCheck = () => server.call('getCurrentSession', { cookie });
    expect((await sessionCheck()).status).toBe(200);

    // Idle connections in the pool, and one inside a transaction when the restart comes.
    await Promise.all(Array.from({ length: 5 }, () => server.services.db.query('select pg_sleep(0.05)')));
    const inTransaction = server.services.db
      .transaction(async (tx) => {
        await tx.query('select 1');
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await tx.query('select 1');
      })
      .then(
        () => 'committed',
        () => 'failed',
      );

    const during: number[] = [];
    let restarting = true;
    const load = (async () => {
      while (restarting) {
        during.push((await sessionCheck()).status);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const restartedAt = Date.now();
    await promisify(execFile)(restartCommand!, { timeout: 60_000 });
    const restartMs = Date.now() - restartedAt;
    restarting = false;
    await load;
    const count = (status: number) => during.filter((s) => s === status).length;
    console.info(
      `PostgreSQL restart (${restartMs} ms): ${during.length} session checks, ${count(200)} × 200, ${count(500)} × 500, ${count(503)} × 503`,
    );
    expect(await inTransaction).toBe('failed');
    // While it was down the requests failed as problems, never anything else.
    expect(
      during.every((status) => [200, 500, 503].includes(status)),
      during.join(','),
    ).toBe(true);

    // Back: the very next requests succeed, on fresh connections.
    expect((await server.call('getHealth')).status).toBe(200);
    expect((await sessionCheck()).status).toBe(200);
    expect(await signIn(server, email)).toMatch(/^pre_admission_session=/);
  }, 120_000);
});
