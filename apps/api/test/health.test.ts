// Liveness, readiness and the Prometheus listener (docs/operations.md#health-and-metrics), in process: the
// readiness checks fail one by one (an outbox mail too old, a database that does not answer in time), and a
// scrape of the metrics listener shows the series move after requests, with routed paths, never tokens.
import { afterEach, describe, expect, it } from 'vitest';
import { startMetricsListener } from '../src/platform/metrics.ts';
import { startServer, uniqueEmail, type TestServer } from './helpers.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
async function server(overrides: Parameters<typeof startServer>[0] = {}) {
  const started = await startServer(overrides);
  servers.push(started);
  return started;
}

describe('liveness and readiness', () => {
  it('both are 200 on a healthy server, and /api/health still answers as before', async () => {
    const s = await server();
    for (const op of ['getHealthLive', 'getHealthReady', 'getHealth'] as const) {
      const response = await s.call(op);
      expect(response.status, op).toBe(200);
      expect(response.body).toEqual({ status: 'ok' });
    }
  });

  it('an outbox mail older than READY_OUTBOX_MAX_AGE_SECONDS: 503 naming the outbox; liveness stays 200', async () => {
    // Mails are queued (not sent) only with SMTP: an unreachable one keeps them queued.
    const s = await server({
      smtpUrl: 'smtp://127.0.0.1:9',
      readiness: { writeTimeoutMs: 2000, outboxMaxAgeMs: 60_000 },
    });
    expect((await s.call('requestRegistration', { body: { email: uniqueEmail('ready') } })).status).toBe(202);
    await s.services.mailer.idle();
    const fresh = await s.call('getHealthReady');
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    s.clock.advance(61_000);
    const response = await s.call('getHealthReady');
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({
      type: 'urn:pre-admission:problem:not-ready',
      title: 'Not ready: outbox.',
      detail: expect.stringMatching(/^outbox: the oldest unsent mail is 6\d s old \(at most 60 s\)$/),
    });
    expect((await s.call('getHealthLive')).status).toBe(200);
  });

  it('a database that does not answer: 503 within READY_WRITE_TIMEOUT_MS, never a hung probe', async () => {
    const s = await server({ readiness: { writeTimeoutMs: 300, outboxMaxAgeMs: 900_000 } });
    // A transaction holds the probe's table until released: the probe's write waits for it on PostgreSQL
    // (its other pool connections still answer a plain query), and on PGlite, whose one connection the
    // transaction holds, every query waits.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const held = s.services.db.transaction(async (tx) => {
      await tx.query('lock table health_probe in exclusive mode');
      locked();
      await released;
    });
    await lockTaken;
    try {
      const started = Date.now();
      const response = await s.call('getHealthReady');
      const ms = Date.now() - started;
      expect(response.status).toBe(503);
      expect((response.body as { detail: string }).detail).toContain(
        'database: database took longer than 300 ms',
      );
      expect(ms).toBeLessThan(2_000);
      // /api/health runs the same database check: on PostgreSQL a plain read would still have answered.
      expect((await s.call('getHealth')).status).toBe(503);
      expect((await s.call('getHealthLive')).status).toBe(200);
    } finally {
      release();
      await held;
    }
  });
});

describe('the metrics listener', () => {
  it('is separate, and its series move after requests: durations by routed path, rate-limit refusals by limit', async () => {
    const s = await server({
      limits: {
        ...(await startServer()).config.limits,
        tokenFailuresPerClient: { max: 1, windowMs: 60_000 },
      },
    });
    servers.push(s);
    const { server: listener, url } = await startMetricsListener(s.services.metrics, '127.0.0.1', 0);
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const scrape = async () => (await fetch(url)).text();
      const series = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(name));

      const before = await scrape();
      expect(series(before, 'preadmission_http_request_duration_seconds_count')).toEqual([]);
      // Default process metrics, event-loop delay among them.
      expect(before).toMatch(/^preadmission_nodejs_eventloop_lag_p99_seconds \d/m);
      expect(before).toMatch(/^preadmission_outbox_queued 0$/m);

      const secret = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-ab';
      await s.call('getRegistration', { params: { token: secret } });
      await s.call('getRegistration', { params: { token: secret } });
      await s.call('getHealthLive');

      const after = await scrape();
      expect(after).not.toContain(secret);
      expect(
        series(
          after,
          'preadmission_http_request_duration_seconds_count{route="/api/applicant/registrations/:token",method="GET",status="404"}',
        ),
      ).toEqual([expect.stringMatching(/ 1$/)]);
      expect(
        series(
          after,
          'preadmission_http_request_duration_seconds_count{route="/api/applicant/registrations/:token",method="GET",status="429"}',
        ),
      ).toEqual([expect.stringMatching(/ 1$/)]);
      expect(after).toMatch(/^preadmission_rate_limit_refusals_total\{limit="token:client"\} 1$/m);
      expect(after).toMatch(/^preadmission_password_hashing_queue\{state="running"\} 0$/m);
      expect((await fetch(url.replace('/metrics', '/other'))).status).toBe(404);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it('each app has its own registry: two apps in one process do not collide', async () => {
    const [a, b] = [await server(), await server()];
    await a.call('getHealthLive');
    const text = async (t: TestServer) => t.services.metrics.registry.metrics();
    expect(await text(a)).toContain('route="/api/health/live"');
    expect(await text(b)).not.toContain('route="/api/health/live"');
  });
});
