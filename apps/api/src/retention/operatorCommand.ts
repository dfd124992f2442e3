// `npm run accounts:delete -- ADDRESS [--dry-run]` (docs/operations.md#deleting-an-account): the desk's deletion
// of an applicant's account on request, after the same identity check as for a lost second factor. One line
// out, as the other operator commands: exit 2 for a wrong input (nothing opened), 1 for a refusal (nothing
// changed), 0 done. The line names the account by its id, never its address: it is the record that stays.
import { readReference } from '@pre-admission/rules';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db.ts';
import { runRetentionClocks, type ClockDeps } from './clocks.ts';
import { AwaitingDecision, deleteApplicantAccount, type AccountDeletion } from './deletion.ts';

interface CommandResult {
  exitCode: 0 | 1 | 2;
  line: string;
}

const USAGE = 'Usage: npm run accounts:delete -- <the account’s e-mail address> [--dry-run]';

/** The command's words, checked before the database is opened. */
export function parseDeletion(args: readonly string[]): { address: string; dryRun: boolean } | CommandResult {
  const dryRun = args.includes('--dry-run');
  const rest = args.filter((arg) => arg !== '--dry-run');
  const flag = rest.find((arg) => arg.startsWith('-'));
  if (flag) return { exitCode: 2, line: `accounts:delete: "${flag}" is not an option. ${USAGE}` };
  if (rest.length !== 1) return { exitCode: 2, line: `accounts:delete: one address is needed. ${USAGE}` };
  const address = rest[0]!;
  if (!/^[^\s@]+@[^\s@]+$/.test(address))
    return { exitCode: 2, line: `accounts:delete: "${address}" is not an e-mail address. ${USAGE}` };
  return { address, dryRun };
}

const what = (d: AccountDeletion) => {
  const statuses = d.applications.map((a) => (a.reference ? `${a.reference} ${a.status}` : a.status));
  return (
    `${d.applications.length} applications${statuses.length ? ` (${statuses.join(', ')})` : ''}, ` +
    `${d.documents} documents with ${d.files} stored files, ${d.sessions} sessions, ${d.passkeys} passkeys, ` +
    `${d.mails} mails and ${d.tokens} mailed links`
  );
};

export async function runDeletion(
  db: Database,
  order: { address: string; dryRun: boolean },
  where: string,
): Promise<CommandResult> {
  try {
    const deletion = await deleteApplicantAccount(db, order.address, { dryRun: order.dryRun });
    if (!deletion)
      return {
        exitCode: 1,
        line: `accounts:delete: ${where}: no applicant account has the address ${order.address}; nothing changed`,
      };
    return order.dryRun
      ? {
          exitCode: 0,
          line: `accounts:delete: ${where}: would delete account ${deletion.accountId}: ${what(deletion)}; nothing changed (--dry-run)`,
        }
      : {
          exitCode: 0,
          line: `accounts:delete: ${where}: deleted account ${deletion.accountId}: ${what(deletion)}`,
        };
  } catch (error) {
    if (!(error instanceof AwaitingDecision)) throw error;
    const waiting = error.applications.map((a) => a.reference ?? a.id).join(', ');
    return {
      exitCode: 1,
      line:
        `accounts:delete: ${where}: refused: ${waiting} await${error.applications.length === 1 ? 's' : ''} a decision; ` +
        'the desk decides, or the applicant withdraws, first; nothing changed',
    };
  }
}

const list = (ids: readonly string[]) => (ids.length > 0 ? `: ${ids.join(', ')}` : '');

/**
 * `npm run retention -- [--dry-run]` (docs/operations.md#retention): the retention clocks once, as housekeeping
 * runs them, or with --dry-run what each would do now, changing nothing. One line per clock, naming accounts by
 * id and applications by reference number, never an address; exit 2 for a wrong input (nothing opened).
 */
export function parseRetention(args: readonly string[]): { dryRun: boolean } | CommandResult {
  const wrong = args.find((arg) => arg !== '--dry-run');
  if (wrong !== undefined)
    return {
      exitCode: 2,
      line: `retention: "${wrong}" is not an option. Usage: npm run retention -- [--dry-run]`,
    };
  return { dryRun: args.length > 0 };
}

export async function runRetention(
  deps: ClockDeps,
  order: { dryRun: boolean },
  where: string,
): Promise<{ exitCode: 0; lines: string[] }> {
  const run = await runRetentionClocks(deps, { dryRun: order.dryRun });
  const { accountUnusedDays, accountWarningDays, applicationDays, accessLogDays } = deps.config.retention;
  const dry = order.dryRun;
  const [deleteVerb, warnVerb, done] = dry
    ? ['would delete', 'would warn', '; nothing changed (--dry-run)']
    : ['deleted', 'warned', ''];
  return {
    exitCode: 0,
    lines: [
      `retention: ${where}: ${deleteVerb} ${run.accountsDeleted.length} account(s) unused for at least ${accountUnusedDays} days and warned at least ${accountWarningDays} days before${list(run.accountsDeleted)}${done}`,
      `retention: ${where}: ${deleteVerb} ${run.applicationsExpired.length} application(s) decided at least ${applicationDays} days ago, not enrolled${list(run.applicationsExpired)}${done}`,
      `retention: ${where}: ${warnVerb} ${run.warned.length} account(s) unused for at least ${accountUnusedDays - accountWarningDays} days${list(run.warned)}${done}`,
      `retention: access logs are the journal's to keep for ${accessLogDays} days (ACCESS_LOG_DAYS; the database holds none)`,
    ],
  };
}

const ENROLLED_USAGE = 'Usage: npm run applications:enrolled -- <reference number> [--undo]';

/** `npm run applications:enrolled -- REFERENCE [--undo]`: the words, checked before the database is opened. */
export function parseEnrolment(
  args: readonly string[],
): { reference: string; undo: boolean } | CommandResult {
  const undo = args.includes('--undo');
  const rest = args.filter((arg) => arg !== '--undo');
  const flag = rest.find((arg) => arg.startsWith('-'));
  if (flag)
    return { exitCode: 2, line: `applications:enrolled: "${flag}" is not an option. ${ENROLLED_USAGE}` };
  if (rest.length !== 1)
    return { exitCode: 2, line: `applications:enrolled: one reference number is needed. ${ENROLLED_USAGE}` };
  const read = readReference(rest[0]!);
  if (!read.ok)
    return {
      exitCode: 2,
      line: `applications:enrolled: "${rest[0]}" is not a reference number${read.problem === 'check' ? ' (its check symbol does not match: a typo?)' : ''}. ${ENROLLED_USAGE}`,
    };
  return { reference: read.reference, undo };
}

/**
 * The desk's mark that the applicant of an accepted application enrolled (docs/operations.md#retention): the
 * five-year clock then leaves the application, which has become part of the student record. Only an accepted
 * decision can be marked; `--undo` takes a mistaken mark back. Exit 0 done (or already so), 1 refused.
 */
export async function runEnrolment(
  db: Database,
  clock: Clock,
  order: { reference: string; undo: boolean },
  where: string,
): Promise<CommandResult> {
  const say = (exitCode: 0 | 1, text: string) => ({
    exitCode,
    line: `applications:enrolled: ${where}: ${order.reference} ${text}`,
  });
  return db.transaction(async (tx) => {
    const row = (
      await tx.query<{ id: string; status: string; outcome: string | null; enrolled_at: Date | null }>(
        `select id, status, decision ->> 'outcome' as outcome, enrolled_at from applications
          where reference = $1 for update`,
        [order.reference],
      )
    )[0];
    if (!row) return say(1, 'is no application’s reference number; nothing changed');
    if (order.undo) {
      if (!row.enrolled_at) return say(0, 'is not marked enrolled; nothing changed');
      await tx.query('update applications set enrolled_at = null where id = $1', [row.id]);
      return say(0, 'is no longer marked enrolled: the five-year clock counts it again');
    }
    if (row.status !== 'decided' || row.outcome !== 'accepted')
      return say(
        1,
        `is ${row.status === 'decided' ? `decided ${row.outcome ?? ''}`.trim() : row.status}, not accepted: only an accepted applicant enrols; nothing changed`,
      );
    if (row.enrolled_at)
      return say(
        0,
        `was already marked enrolled on ${new Date(row.enrolled_at).toISOString()}; nothing changed`,
      );
    await tx.query('update applications set enrolled_at = $2 where id = $1', [row.id, clock.now()]);
    return say(0, 'is marked enrolled: the five-year clock leaves it to the student record');
  });
}
