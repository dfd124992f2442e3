// `npm run accounts:delete -- ADDRESS [--dry-run]` (docs/operations.md#deleting-an-account): the desk's deletion
// of an applicant's account on request, after the same identity check as for a lost second factor. One line
// out, as the other operator commands: exit 2 for a wrong input (nothing opened), 1 for a refusal (nothing
// changed), 0 done. The line names the account by its id, never its address: it is the record that stays.
import type { Database } from '../platform/db.ts';
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
