// Issue 42: the retention clocks (docs/operations.md#retention), run by housekeeping (main.ts, at start and
// hourly) and by `npm run retention` (operatorCommand.ts). Each keeps one promise of the privacy page:
// - the warning: an account unused for ACCOUNT_UNUSED_DAYS − ACCOUNT_UNUSED_WARNING_DAYS is mailed once, in its
//   language, with the sign-in link that keeps it (a sign-in clears the mark: accounts.ts recordSignIn); a warning
//   the mail worker gave up is sent again, and the deletion waits for one SMTP took;
// - the deletion: an account unused for ACCOUNT_UNUSED_DAYS, warned at least ACCOUNT_UNUSED_WARNING_DAYS ago, is
//   deleted whole (deletion.ts); one with an application awaiting a decision is neither warned nor deleted;
// - the expiry: a decided or withdrawn application is deleted with its files APPLICATION_RETENTION_DAYS after
//   its decision (or withdrawal), unless the desk marked the applicant enrolled (enrolment.ts).
// The access logs' year is the journal's to keep (ACCESS_LOG_DAYS): the database holds no log.
//
// Several instances at once, crashes and retries: each clock claims a bounded batch of rows with `for update
// skip locked` (another instance's claimed rows are skipped, not waited for) and does the whole batch's work in
// that transaction, the warning's mark with its queued mail, the deletion with every row it removes. A crash
// inside a batch rolls the batch back and the next run does it again, from the rows alone: nothing is done
// twice and nothing is left half done. The times come from the clock, never from SQL's now().
import { routes } from '@pre-admission/account/routes';
import type { Locale } from '@pre-admission/i18n/choice';
import type { Clock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { Database, Queryable } from '../platform/db.ts';
import type { Mailer } from '../mail/outbox.ts';
import { AWAITING_DECISION, AwaitingDecision, deleteAccountIn } from './deletion.ts';
import { unusedAccountMail } from './mails.ts';

const DAY = 24 * 60 * 60 * 1000;

export interface ClockDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'retention' | 'publicUrl' | 'basePath'>;
  mailer: Pick<Mailer, 'send'>;
}

export interface ClockOptions {
  /** Only list what each clock would do now; nothing changes, no mail is queued. */
  dryRun?: boolean;
  /** Rows claimed per transaction. */
  batch?: number;
}

/** What a run did (or, dry, would do): accounts by id and applications by reference, never an address. */
export interface RetentionRun {
  /** Accounts mailed the warning. */
  warned: string[];
  /** Accounts deleted whole. */
  accountsDeleted: string[];
  /** Applications deleted with their files, by reference number. */
  applicationsExpired: string[];
}

const DEFAULT_BATCH = 100;

/** No application of the account awaits the desk's decision (deletion.ts would refuse it). */
const NONE_AWAITING = `not exists (select 1 from applications p where p.account_id = a.id
  and p.status = any('{${AWAITING_DECISION.join(',')}}'::text[]))`;

/** The moments each clock compares with, from now and the settings. */
function thresholds(deps: ClockDeps) {
  const now = deps.clock.now();
  const { accountUnusedDays, accountWarningDays, applicationDays } = deps.config.retention;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  return {
    now,
    /** Signed in last before this: warned now. */
    warnSignedInBefore: ago(accountUnusedDays - accountWarningDays),
    /** Signed in last before this, and warned before `warnedBefore`: deleted now. */
    unusedSince: ago(accountUnusedDays),
    warnedBefore: ago(accountWarningDays),
    /** Decided or withdrawn before this, not enrolled: deleted now. */
    closedBefore: ago(applicationDays),
  };
}

type WarnRow = { id: string; email: string; locale: Locale | null; last_sign_in_at: Date };
type AccountRow = { id: string; email: string };
type ApplicationRow = { id: string; reference: string | null };

/**
 * The account's last warning was given up by the mail worker (SMTP did not take it within a notice's lifetime:
 * outbox.ts marks it `failed`): it told no one, so it does not count, and the account is warned again.
 */
const WARNING_LOST = `exists (select 1 from outbox o where o.kind = 'unusedAccountNotice' and o.smtp_status = 'failed'
  and lower(o.to_address) = lower(a.email) and o.created_at >= a.deletion_warned_at)`;
const WARN = `select a.id::text as id, a.email, a.locale, a.last_sign_in_at from accounts a
  where a.last_sign_in_at <= $1 and (a.deletion_warned_at is null or ${WARNING_LOST}) and ${NONE_AWAITING}
  order by a.last_sign_in_at, a.id`;
const DELETE = `select a.id::text as id, a.email from accounts a
  where a.last_sign_in_at <= $1 and a.deletion_warned_at <= $2 and not ${WARNING_LOST} and ${NONE_AWAITING}
  order by a.last_sign_in_at, a.id`;
// The decision (or withdrawal) is the history's entry of the status the application is in: both are final.
const EXPIRE = `select p.id, p.reference from applications p
  where p.status in ('decided', 'withdrawn') and p.enrolled_at is null
    and (select max(h.at) from application_history h where h.application_id = p.id and h.status = p.status) <= $1
  order by p.id`;

/**
 * Runs `work` on batches of the rows `select` finds, each batch claimed and worked in one transaction, until a
 * batch comes back short. Returns what the work returned for each row, in order.
 */
async function inBatches<R, T>(
  db: Database,
  select: string,
  lockOf: string,
  params: unknown[],
  batch: number,
  work: (tx: Queryable, row: R) => Promise<T | undefined>,
): Promise<T[]> {
  const done: T[] = [];
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx.query<R & Record<string, unknown>>(
        `${select} limit ${batch} for update of ${lockOf} skip locked`,
        params,
      );
      const results: T[] = [];
      for (const row of rows) {
        const result = await work(tx, row);
        if (result !== undefined) results.push(result);
      }
      return { rows: rows.length, results };
    });
    done.push(...claimed.results);
    if (claimed.rows < batch) return done;
  }
}

/** The warning: mailed and marked in one transaction, once per account until it signs in again. */
async function warnUnused(deps: ClockDeps, options: ClockOptions): Promise<string[]> {
  const t = thresholds(deps);
  const { accountUnusedDays, accountWarningDays } = deps.config.retention;
  const link = `${deps.config.publicUrl}${deps.config.basePath}${routes.signIn}`;
  if (options.dryRun)
    return (await deps.db.query<WarnRow>(WARN, [t.warnSignedInBefore])).map((row) => row.id);
  return inBatches<WarnRow, string>(
    deps.db,
    WARN,
    'a',
    [t.warnSignedInBefore],
    options.batch ?? DEFAULT_BATCH,
    async (tx, row) => {
      const lastSignInAt = new Date(row.last_sign_in_at);
      // Never sooner than the warning's days from now: an account found late (the clock stopped, the setting
      // changed) still gets the whole notice.
      const deleteAfter = new Date(
        Math.max(
          lastSignInAt.getTime() + accountUnusedDays * DAY,
          t.now.getTime() + accountWarningDays * DAY,
        ),
      );
      await tx.query('update accounts set deletion_warned_at = $2 where id = $1', [row.id, t.now]);
      await deps.mailer.send(
        tx,
        unusedAccountMail({ to: row.email, locale: row.locale, lastSignInAt, deleteAfter, link }),
      );
      return row.id;
    },
  );
}

/** The deletion at ACCOUNT_UNUSED_DAYS, through the desk's own complete deletion. */
async function deleteUnused(deps: ClockDeps, options: ClockOptions): Promise<string[]> {
  const t = thresholds(deps);
  const params = [t.unusedSince, t.warnedBefore];
  if (options.dryRun) return (await deps.db.query<AccountRow>(DELETE, params)).map((row) => row.id);
  return inBatches<AccountRow, string>(
    deps.db,
    DELETE,
    'a',
    params,
    options.batch ?? DEFAULT_BATCH,
    async (tx, row) => {
      try {
        return (await deleteAccountIn(tx, row)).accountId;
      } catch (error) {
        // Submitted since it was claimed (the select excludes it otherwise): kept, nothing was changed.
        if (error instanceof AwaitingDecision) return undefined;
        throw error;
      }
    },
  );
}

/** The five years after the decision: the application, its history, documents, notes, consent requests, files. */
async function expireApplications(deps: ClockDeps, options: ClockOptions): Promise<string[]> {
  const t = thresholds(deps);
  const name = (row: ApplicationRow) => row.reference ?? row.id;
  if (options.dryRun) return (await deps.db.query<ApplicationRow>(EXPIRE, [t.closedBefore])).map(name);
  return inBatches<ApplicationRow, string>(
    deps.db,
    EXPIRE,
    'p',
    [t.closedBefore],
    options.batch ?? DEFAULT_BATCH,
    async (tx, row) => {
      const files = (
        await tx.query<{ id: string }>(
          `select file_id as id from application_documents where application_id = $1
           union select preview_file_id from application_documents
            where application_id = $1 and preview_file_id is not null`,
          [row.id],
        )
      ).map((file) => file.id);
      // History, documents, the desk's notes and consent requests cascade; the files no row names go after.
      await tx.query('delete from applications where id = $1', [row.id]);
      if (files.length > 0) await tx.query('delete from stored_files where id = any($1)', [files]);
      return name(row);
    },
  );
}

/** One run of every clock (housekeeping, hourly; `npm run retention`): deletions first, then the warnings. */
export async function runRetentionClocks(deps: ClockDeps, options: ClockOptions = {}): Promise<RetentionRun> {
  const accountsDeleted = await deleteUnused(deps, options);
  const applicationsExpired = await expireApplications(deps, options);
  const warned = await warnUnused(deps, options);
  return { warned, accountsDeleted, applicationsExpired };
}
