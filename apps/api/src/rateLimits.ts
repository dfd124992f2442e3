// Fixed-window counters in the database, so several server processes share them.
import type { Clock } from './clock.ts';
import type { RateLimit } from './config.ts';
import type { Queryable } from './db.ts';
import { problems } from './problem.ts';

interface Window {
  count: number;
  windowStart: Date;
}

async function read(db: Queryable, key: string): Promise<Window | undefined> {
  const rows = await db.query<{ count: number; window_start: Date }>(
    'select count, window_start from rate_limits where key = $1',
    [key],
  );
  const row = rows[0];
  return row && { count: Number(row.count), windowStart: new Date(row.window_start) };
}

function retryAfterSeconds(window: Window, limit: RateLimit, now: Date): number {
  return Math.max(1, Math.ceil((window.windowStart.getTime() + limit.windowMs - now.getTime()) / 1000));
}

/** Throws 429 when the key has used up its window. */
export async function assertUnderLimit(
  db: Queryable,
  clock: Clock,
  key: string,
  limit: RateLimit,
): Promise<void> {
  const window = await read(db, key);
  const now = clock.now();
  if (!window || window.windowStart.getTime() + limit.windowMs <= now.getTime()) return;
  if (window.count >= limit.max) throw problems.rateLimited(retryAfterSeconds(window, limit, now));
}

/** Counts one event (starting a new window when the old one has passed). */
export async function hit(db: Queryable, clock: Clock, key: string, limit: RateLimit): Promise<Window> {
  const now = clock.now();
  const windowEnd = new Date(now.getTime() - limit.windowMs);
  const rows = await db.query<{ count: number; window_start: Date }>(
    `insert into rate_limits (key, window_start, count) values ($1, $2, 1)
     on conflict (key) do update set
       count = case when rate_limits.window_start <= $3 then 1 else rate_limits.count + 1 end,
       window_start = case when rate_limits.window_start <= $3 then $2 else rate_limits.window_start end
     returning count, window_start`,
    [key, now, windowEnd],
  );
  return { count: Number(rows[0]!.count), windowStart: new Date(rows[0]!.window_start) };
}

/** Counts one event and throws 429 if it goes over the limit. */
export async function consume(db: Queryable, clock: Clock, key: string, limit: RateLimit): Promise<void> {
  const window = await hit(db, clock, key, limit);
  if (window.count > limit.max) throw problems.rateLimited(retryAfterSeconds(window, limit, clock.now()));
}

export async function reset(db: Queryable, key: string): Promise<void> {
  await db.query('delete from rate_limits where key = $1', [key]);
}
