// Liveness, readiness and the original health check (docs/operations.md#health-and-metrics). Liveness touches
// nothing; readiness runs its checks side by side, each under its own time limit, so that a database that
// stops answering costs a 503 after READY_WRITE_TIMEOUT_MS, never a hung probe.
import { statfs } from 'node:fs/promises';
import { HttpProblem, problems } from '../platform/problem.ts';
import { migrations } from '../platform/migrations.ts';
import type { Handlers, Services } from '../services.ts';

/** Below this much free space in DATA_DIR the embedded database is one WAL segment from failing. */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

export type CheckName = 'database' | 'migrations' | 'storage' | 'outbox';

/** One check's outcome: undefined when it passed, otherwise why not. */
type Check = () => Promise<string | undefined>;

function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** One check under the readiness time limit: undefined when it passed, otherwise why not. */
async function run(s: Services, name: CheckName, check: Check): Promise<string | undefined> {
  try {
    return await within(s.config.readiness.writeTimeoutMs, check(), name);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A one-row write: the database answers and can still write. */
const databaseCheck =
  ({ db, clock }: Services): Check =>
  async () => {
    await db.query(
      `insert into health_probe (id, at) values (1, $1) on conflict (id) do update set at = excluded.at`,
      [clock.now()],
    );
    return undefined;
  };

/** Runs every check; returns the failed ones with their reasons (empty: ready). */
export async function readiness(s: Services): Promise<Partial<Record<CheckName, string>>> {
  const { db, config, clock } = s;
  const latest = Math.max(...migrations.map((m) => m.id));
  const checks: Record<CheckName, Check> = {
    database: databaseCheck(s),
    async migrations() {
      const rows = await db.query<{ latest: number | null }>(
        'select max(id)::integer as latest from schema_migrations',
      );
      const applied = rows[0]?.latest ?? 0;
      return applied >= latest ? undefined : `migration ${applied} of ${latest} applied`;
    },
    async storage() {
      if (db.storageFailure) return db.storageFailure.message;
      if (!db.dataDir) return undefined;
      const fs = await statfs(db.dataDir);
      const free = fs.bavail * fs.bsize;
      return free >= MIN_FREE_BYTES
        ? undefined
        : `${db.dataDir} has ${Math.floor(free / 1024 / 1024)} MiB free (at least ${MIN_FREE_BYTES / 1024 / 1024} needed)`;
    },
    async outbox() {
      const rows = await db.query<{ oldest: Date | string | null }>(
        "select min(created_at) as oldest from outbox where smtp_status = 'queued'",
      );
      const oldest = rows[0]?.oldest;
      if (!oldest) return undefined;
      const ageMs = clock.now().getTime() - new Date(oldest).getTime();
      return ageMs <= config.readiness.outboxMaxAgeMs
        ? undefined
        : `the oldest unsent mail is ${Math.round(ageMs / 1000)} s old (at most ${config.readiness.outboxMaxAgeMs / 1000} s)`;
    },
  };
  const outcomes = await Promise.all(
    Object.entries(checks).map(
      async ([name, check]) => [name, await run(s, name as CheckName, check)] as const,
    ),
  );
  return Object.fromEntries(outcomes.filter(([, failure]) => failure !== undefined));
}

export function healthHandlers(s: Services): Handlers<'getHealth' | 'getHealthLive' | 'getHealthReady'> {
  return {
    // The probes of earlier deployments point at it: readiness's database check alone, so it stays cheap.
    async getHealth() {
      if ((await run(s, 'database', databaseCheck(s))) !== undefined) throw problems.unavailable();
      return { status: 'ok' };
    },
    async getHealthLive() {
      return { status: 'ok' };
    },
    async getHealthReady(request) {
      const failed = await readiness(s);
      const names = Object.keys(failed);
      if (names.length === 0) return { status: 'ok' };
      const detail = Object.entries(failed)
        .map(([name, why]) => `${name}: ${why}`)
        .join('; ');
      request.log.warn({ failed }, 'not ready');
      throw new HttpProblem(503, 'not-ready', `Not ready: ${names.join(', ')}.`, { detail });
    },
  };
}
