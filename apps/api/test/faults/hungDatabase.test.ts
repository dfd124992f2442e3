// A PostgreSQL that stops answering (a TCP proxy in front of it stops forwarding, as a hung server or a
// network partition does): readiness answers 503 within READY_WRITE_TIMEOUT_MS, liveness stays 200, and
// SIGTERM still ends the process within its bounded time. Runs against a real cluster only
// (apps/api/scripts/with-postgres.sh sets DATABASE_URL).
//
// Before: /api/health waited on the hung `select 1` with no limit (the probe timed out instead of failing).
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { call, startServer, freePort } from '../serverProcess.ts';

const databaseUrl = process.env.DATABASE_URL;

/** Forwards TCP to PostgreSQL until paused; then holds every connection open and forwards nothing. */
async function proxy(target: URL): Promise<{ server: Server; port: number; pause: () => void }> {
  const pairs = new Set<[Socket, Socket]>();
  let paused = false;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.on('close', () => pairs.delete(pair));
    if (paused) client.pause();
    else {
      client.pipe(upstream);
      upstream.pipe(client);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    pause() {
      paused = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
  };
}

const closers: (() => void)[] = [];
afterAll(() => closers.forEach((close) => close()));

describe.skipIf(!databaseUrl)('a PostgreSQL that stops answering', () => {
  it('readiness says so within its limit, liveness stays 200, SIGTERM still ends the process', async () => {
    const target = new URL(databaseUrl!);
    const tcp = await proxy(target);
    closers.push(() => tcp.server.close());
    const proxied = new URL(databaseUrl!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(tcp.port);
    const server = await startServer(await freePort(), {
      DATABASE_URL: proxied.toString(),
      DATA_DIR: 'memory://',
      READY_WRITE_TIMEOUT_MS: '500',
    });
    closers.push(() => server.child.kill('SIGKILL'));
    expect((await call(server.base, 'GET', '/api/health/ready')).status).toBe(200);

    tcp.pause();
    const ready = await call(server.base, 'GET', '/api/health/ready');
    const health = await call(server.base, 'GET', '/api/health');
    const live = await call(server.base, 'GET', '/api/health/live');
    console.info('hung database:', JSON.stringify({ ready, health: health.status, live: live.status }));
    expect(ready.status).toBe(503);
    expect(ready.text).toContain('database: database took longer than 500 ms');
    expect(ready.ms).toBeLessThan(2_000);
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(2_000);
    expect(live.status).toBe(200);

    server.child.kill('SIGTERM');
    const stoppedAt = Date.now();
    const ended = await server.exited;
    console.info('SIGTERM with a hung database:', ended, `${Date.now() - stoppedAt} ms`);
    // lifecycle.ts: a graceful stop still running after 10 s is forced; the pool gets 2 s to close.
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);
  }, 120_000);
});
