// Housekeeping: rows that can no longer matter are deleted, so the tables do not grow without end.
// Runs at start and then hourly (main.ts); a week of grace keeps recent history for support questions.
// Mails: a body (the live link) not already dropped at delivery (mail.ts) goes after a few days; the
// development mailbox reads it meanwhile. Queued mails are the mail worker's until it sends or gives them up.
import type { Clock } from './clock.ts';
import type { Queryable } from './db.ts';

const WEEK = 7 * 24 * 60 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;

export interface Purged {
  sessions: number;
  tokens: number;
  rateLimits: number;
  /** Outbox bodies (links) dropped. */
  mailBodies: number;
  /** Outbox rows deleted. */
  mails: number;
  /** Second steps of password sign-ins (docs/security.md#second-factor), a week past their five minutes. */
  secondSteps: number;
  /** Passkey challenges (docs/security.md#passkeys) deleted. */
  challenges: number;
  /**
   * Stored files no application document holds, a day on: an upload a crash or a lost connection left half
   * written, or whose document row was never written, and the files of a discarded draft's documents.
   */
  orphanFiles: number;
}

/** How long a mail that SMTP did not take (none configured) keeps its body for the development mailbox. */
export const MAIL_BODY_DAYS = 3;

export async function purgeExpired(db: Queryable, clock: Clock): Promise<Purged> {
  const now = clock.now().getTime();
  const weekAgo = new Date(now - WEEK);
  const count = async (sql: string, params: unknown[]) =>
    (await db.query(`${sql} returning 1`, params)).length;
  // The staff's twins of the applicants' tables (docs/security.md#staff) go by the same rules, counted with them.
  const both = async (sql: (table: string) => string, tables: [string, string], params: unknown[]) =>
    (await count(sql(tables[0]), params)) + (await count(sql(tables[1]), params));
  return {
    sessions: await both(
      (table) => `delete from ${table} where expires_at < $1 or revoked_at < $1`,
      ['sessions', 'staff_sessions'],
      [weekAgo],
    ),
    // A token's row (its hash, never the token) is the trace that tells a link's holder why it is refused
    // (docs/behaviour.md#link-states): kept a week after the link expired, was used, superseded or ended.
    tokens:
      (await count(
        `delete from tokens
          where expires_at < $1 or used_at < $1 or superseded_at < $1 or ended_at < $1`,
        [weekAgo],
      )) +
      (await count(
        'delete from staff_invitations where expires_at < $1 or used_at < $1 or superseded_at < $1',
        [weekAgo],
      )),
    // Every window is at most an hour long: a day-old window is over.
    rateLimits: await count('delete from rate_limits where window_start < $1', [new Date(now - DAY)]),
    mailBodies: await count(
      `update outbox set body = null where body is not null and smtp_status <> 'queued' and created_at < $1`,
      [new Date(now - MAIL_BODY_DAYS * DAY)],
    ),
    mails: await count(`delete from outbox where smtp_status <> 'queued' and created_at < $1`, [weekAgo]),
    secondSteps: await both(
      (table) => `delete from ${table} where expires_at < $1`,
      ['second_steps', 'staff_second_steps'],
      [weekAgo],
    ),
    // A challenge lives two minutes and its row is no one's trace: gone a day after it expired.
    challenges: await both(
      (table) => `delete from ${table} where expires_at < $1`,
      ['webauthn_challenges', 'staff_webauthn_challenges'],
      [new Date(now - DAY)],
    ),
    // An upload takes minutes at most, and its document row is written right after its files
    // (routes/applicationDocuments.ts): a day-old file no row names is no one's. Its chunks go with it.
    // Every stored file belongs to an application document; another owner of stored files adds its own here.
    orphanFiles: await count(
      `delete from stored_files f where f.created_at < $1 and not exists
        (select 1 from application_documents d where d.file_id = f.id or d.preview_file_id = f.id)`,
      [new Date(now - DAY)],
    ),
  };
}
