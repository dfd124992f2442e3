// Housekeeping: rows that can no longer matter are deleted, so the tables do not grow without end.
// Runs at start and then hourly (main.ts); a week of grace keeps recent history for support questions.
import type { Clock } from './clock.ts';
import type { Queryable } from './db.ts';

const WEEK = 7 * 24 * 60 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;

export interface Purged {
  sessions: number;
  tokens: number;
  rateLimits: number;
}

export async function purgeExpired(db: Queryable, clock: Clock): Promise<Purged> {
  const now = clock.now().getTime();
  const weekAgo = new Date(now - WEEK);
  const count = async (sql: string, params: unknown[]) =>
    (await db.query(`${sql} returning 1`, params)).length;
  return {
    sessions: await count('delete from sessions where expires_at < $1 or revoked_at < $1', [weekAgo]),
    tokens: await count('delete from tokens where expires_at < $1 or used_at < $1', [weekAgo]),
    // Every window is at most an hour long: a day-old window is over.
    rateLimits: await count('delete from rate_limits where window_start < $1', [new Date(now - DAY)]),
  };
}
