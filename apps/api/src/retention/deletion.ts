// Issue 42: an applicant's account deleted whole: the account, everything that cascades from it (sessions,
// passkeys, authenticator app, recovery codes, plan, applications with their history, documents and notes),
// and what names it without a foreign key (its documents' stored files, its mailed links, every mail to its
// addresses, queued or sent). What each table holds and how the deletion reaches it: personalData.ts.
// Refused while an application awaits the desk's decision: the desk decides it or the applicant withdraws it first
// (the university must be able to answer an application it was sent). What stays: one audit line, with the
// account's id and no address (docs/security.md#audit-log).
import type { Database, Queryable } from '../platform/db.ts';

/** The statuses of an application the desk still has to decide (application/stateMachine.ts). */
export const AWAITING_DECISION = ['submitted', 'underReview', 'returned', 'resubmitted'] as const;

export interface AccountDeletion {
  accountId: string;
  /** Its applications, by reference number where submitted (a draft has none). */
  applications: { id: string; reference: string | null; status: string }[];
  documents: number;
  files: number;
  sessions: number;
  passkeys: number;
  /** Mails to its addresses, queued or sent, and mailed links, deleted. */
  mails: number;
  tokens: number;
}

/** The deletion was refused: these applications await a decision. */
export class AwaitingDecision extends Error {
  readonly applications: AccountDeletion['applications'];
  constructor(applications: AccountDeletion['applications']) {
    super(
      `${applications.length} application(s) await a decision: ${applications.map((a) => a.reference ?? a.id).join(', ')}`,
    );
    this.name = 'AwaitingDecision';
    this.applications = applications;
  }
}

const count = async (tx: Queryable, sql: string, params: unknown[]) =>
  Number((await tx.query<{ n: string }>(sql, params))[0]?.n ?? 0);

/**
 * Deletes the applicant account with this address and everything about it, in one transaction; with `dryRun`,
 * only says what would go. Undefined when no account has the address. Throws AwaitingDecision, changing nothing,
 * while one of its applications awaits a decision.
 */
export async function deleteApplicantAccount(
  db: Database,
  address: string,
  options: { dryRun?: boolean } = {},
): Promise<AccountDeletion | undefined> {
  return db.transaction(async (tx) => {
    const account = (
      await tx.query<{ id: string; email: string }>(
        'select id::text as id, email from accounts where lower(email) = lower($1) for update',
        [address],
      )
    )[0];
    return account && deleteAccountIn(tx, account, options);
  });
}

/**
 * The deletion itself, in the caller's transaction, of an account whose row the caller has locked (`for
 * update`): the desk's command above, and the unused-account clock (clocks.ts), which claims its accounts in
 * batches. Throws AwaitingDecision, changing nothing, while one of its applications awaits a decision.
 */
export async function deleteAccountIn(
  tx: Queryable,
  account: { id: string; email: string },
  options: { dryRun?: boolean } = {},
): Promise<AccountDeletion> {
  const id = account.id;
  const applications = await tx.query<{ id: string; reference: string | null; status: string }>(
    'select id, reference, status from applications where account_id = $1 order by created_at',
    [id],
  );
  const open = applications.filter((a) => (AWAITING_DECISION as readonly string[]).includes(a.status));
  if (open.length > 0) throw new AwaitingDecision(open);
  // Its addresses: the account's, and one an e-mail change was sent to but not confirmed.
  const addresses = [
    account.email.toLowerCase(),
    ...(
      await tx.query<{ address: string }>(
        'select distinct lower(new_email) as address from tokens where account_id = $1 and new_email is not null',
        [id],
      )
    ).map((row) => row.address),
  ];
  const files = (
    await tx.query<{ id: string }>(
      `select file_id as id from application_documents where account_id = $1
       union select preview_file_id from application_documents where account_id = $1 and preview_file_id is not null`,
      [id],
    )
  ).map((row) => row.id);
  const deletion: AccountDeletion = {
    accountId: id,
    applications,
    documents: await count(tx, 'select count(*) as n from application_documents where account_id = $1', [id]),
    files: files.length,
    sessions: await count(tx, 'select count(*) as n from sessions where account_id = $1', [id]),
    passkeys: await count(tx, 'select count(*) as n from passkeys where account_id = $1', [id]),
    mails: await count(tx, 'select count(*) as n from outbox where lower(to_address) = any($1)', [addresses]),
    tokens: await count(
      tx,
      'select count(*) as n from tokens where account_id = $1 or lower(email) = any($2)',
      [id, addresses],
    ),
  };
  if (options.dryRun) return deletion;
  await tx.query('delete from outbox where lower(to_address) = any($1)', [addresses]);
  await tx.query('delete from tokens where account_id = $1 or lower(email) = any($2)', [id, addresses]);
  await tx.query('delete from accounts where id = $1', [id]);
  // Their documents' rows went with the account; the files no row names now go too (chunks cascade).
  if (files.length > 0) await tx.query('delete from stored_files where id = any($1)', [files]);
  return deletion;
}
