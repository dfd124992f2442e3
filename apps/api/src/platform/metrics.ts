// Prometheus metrics (docs/operations.md#health-and-metrics), one registry per app: tests build many apps in
// one process, and a global registry would mix them or refuse the second registration. The series are
// served by their own listener (METRICS_PORT, 127.0.0.1 by default), never on the public port.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db.ts';
import type { PasswordHasher } from '../account/passwords.ts';

export type MailOutcome = 'sent' | 'failed' | 'given_up';

/** How long a scrape waits for the outbox query before it reports without it. */
const SCRAPE_QUERY_MS = 1000;

export class Metrics {
  readonly registry = new Registry();
  readonly requestDuration = new Histogram({
    name: 'preadmission_http_request_duration_seconds',
    help: 'API and page requests by routed path (never the raw URL: it may carry a token), method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly hashingRefusals = new Counter({
    name: 'preadmission_password_hashing_refusals_total',
    help: 'Requests refused with 503 because the password-hashing queue was full.',
    registers: [this.registry],
  });
  readonly rateLimitRefusals = new Counter({
    name: 'preadmission_rate_limit_refusals_total',
    help: 'Requests refused with 429, by the limit that was full (docs/security.md#limits).',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });
  readonly mailCeilingReached = new Counter({
    name: 'preadmission_mail_ceiling_reached_total',
    help: "Hours in which the site's ceiling of requested mails (MAIL_HOURLY_LIMIT) was reached (docs/security.md#limits).",
    registers: [this.registry],
  });
  readonly mails = new Counter({
    name: 'preadmission_mails_total',
    help: 'SMTP outcomes: sent (accepted by the SMTP server), failed (an attempt; retried), given_up (not accepted before its link expired, or within the 3 days of a notice).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** The gauges that are read when scraped: the hashing queue, the outbox, the database pool. */
  watch(parts: { passwords: PasswordHasher; db: Database; now: () => Date }): void {
    const { passwords, db, now } = parts;
    new Gauge({
      name: 'preadmission_password_hashing_queue',
      help: "Password hashes running, waiting, places reserved by sign-ins not yet hashing, and sign-ins in their client's or account's line.",
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const load = passwords.load;
        this.set({ state: 'running' }, load.running);
        this.set({ state: 'waiting' }, load.waiting);
        this.set({ state: 'reserved' }, load.reserved);
        this.set({ state: 'in-line' }, passwords.inLine);
      },
    });
    let outbox: { queued: number; oldestSeconds: number } | undefined;
    const readOutbox = async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const rows = await Promise.race([
          db.query<{ queued: number; oldest: Date | string | null }>(
            "select count(*)::integer as queued, min(created_at) as oldest from outbox where smtp_status = 'queued'",
          ),
          new Promise<never>((_resolve, reject) => {
            timer = setTimeout(() => reject(new Error('timeout')), SCRAPE_QUERY_MS);
          }),
        ]);
        const row = rows[0];
        outbox = {
          queued: Number(row?.queued ?? 0),
          oldestSeconds: row?.oldest ? (now().getTime() - new Date(row.oldest).getTime()) / 1000 : 0,
        };
      } catch {
        // The database does not answer: the gauges go missing from this scrape, readiness says why.
        outbox = undefined;
      } finally {
        clearTimeout(timer);
      }
    };
    new Gauge({
      name: 'preadmission_outbox_queued',
      help: 'Mails in the outbox not yet accepted by SMTP.',
      registers: [this.registry],
      async collect() {
        await readOutbox();
        if (outbox) this.set(outbox.queued);
        else this.reset();
      },
    });
    new Gauge({
      name: 'preadmission_outbox_oldest_age_seconds',
      help: 'Age of the oldest mail not yet accepted by SMTP (0 when none).',
      registers: [this.registry],
      // Registered after preadmission_outbox_queued, whose collect reads the outbox for both.
      collect() {
        if (outbox) this.set(outbox.oldestSeconds);
        else this.reset();
      },
    });
    if (db.poolStats) {
      const stats = db.poolStats.bind(db);
      new Gauge({
        name: 'preadmission_db_pool_connections',
        help: 'PostgreSQL pool: connections open, idle, and requests waiting for one (DATABASE_POOL_SIZE).',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          const s = stats();
          this.set({ state: 'total' }, s.total);
          this.set({ state: 'idle' }, s.idle);
          this.set({ state: 'waiting' }, s.waiting);
        },
      });
    }
    new Gauge({
      name: 'preadmission_db_storage_failed',
      help: '1 once the embedded database could not write its folder (the process is stopping).',
      registers: [this.registry],
      collect() {
        this.set(db.storageFailure ? 1 : 0);
      },
    });
  }
}

/**
 * The metrics listener: GET /metrics only. The process's own series (event-loop delay, memory, CPU, GC) are
 * added here, once per process, rather than with each app.
 */
export async function startMetricsListener(
  metrics: Metrics,
  host: string,
  port: number,
): Promise<{ server: Server; url: string }> {
  collectDefaultMetrics({ register: metrics.registry, prefix: 'preadmission_' });
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.unref();
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { server, url: `http://${shown}:${address.port}/metrics` };
}
