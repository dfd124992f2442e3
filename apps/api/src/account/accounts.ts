// Accounts in the database (sessions in sessions.ts, mailed links in tokens.ts). Handlers call these; so do
// the provider states.
import type { Config } from '../platform/config.ts';
import type { Clock } from '../platform/clock.ts';
import { isUniqueViolation, type Queryable } from '../platform/db.ts';
import type { Locale } from '@pre-admission/i18n/choice';
import { hashPassword } from './passwords.ts';

export interface Account {
  id: string;
  email: string;
  passwordHash: string;
  /** Raised by every password change, reset and e-mail change (docs/security.md#credential-version). */
  credentialVersion: number;
}

export type AccountRow = { id: string; email: string; password_hash: string; credential_version: number };

export const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  credentialVersion: Number(row.credential_version),
});

export interface Deps {
  config: Config;
  clock: Clock;
}

export async function findAccount(db: Queryable, email: string): Promise<Account | undefined> {
  const rows = await db.query<AccountRow>(
    'select id::text as id, email, password_hash, credential_version from accounts where lower(email) = lower($1)',
    [email],
  );
  return rows[0] && toAccount(rows[0]);
}

/** Creates an account; undefined when the address is taken (the unique index on lower(email) decides). */
export async function createAccount(
  db: Queryable,
  deps: Deps,
  email: string,
  password: string,
): Promise<Account | undefined> {
  // Provider states only (no queue: they run one at a time); the routes hash through PasswordHasher.
  return insertAccount(db, deps, email, await hashPassword(password, deps.config.scrypt));
}

/** Like createAccount, with the hash computed beforehand (outside a transaction: scrypt is slow on purpose). */
export async function insertAccount(
  db: Queryable,
  deps: Deps,
  email: string,
  passwordHash: string,
): Promise<Account | undefined> {
  const now = deps.clock.now();
  try {
    const rows = await db.query<{ id: string }>(
      `insert into accounts (email, password_hash, created_at, updated_at, last_sign_in_at)
       values ($1, $2, $3, $3, $3) returning id::text as id`,
      [email, passwordHash, now],
    );
    return { id: rows[0]!.id, email, passwordHash, credentialVersion: 0 };
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** Sets the password and raises the credential version (provider states: no concurrent change to lose to). */
export async function setPasswordHash(
  db: Queryable,
  deps: Deps,
  accountId: string,
  passwordHash: string,
): Promise<void> {
  await db.query(
    `update accounts set password_hash = $2, updated_at = $3, credential_version = credential_version + 1
      where id = $1`,
    [accountId, passwordHash, deps.clock.now()],
  );
}

/**
 * Sets the password and raises the credential version, only while the account is still at `credentialVersion`
 * (the version the change was checked at). False when it was not: a concurrent change won, and this one must
 * not apply. The account row is updated first in every credential change, so concurrent changes queue on it
 * (no deadlock).
 */
export async function setPasswordHashIfUnchanged(
  db: Queryable,
  deps: Deps,
  accountId: string,
  passwordHash: string,
  credentialVersion: number,
): Promise<boolean> {
  const rows = await db.query(
    `update accounts set password_hash = $2, updated_at = $3, credential_version = credential_version + 1
      where id = $1 and credential_version = $4 returning 1`,
    [accountId, passwordHash, deps.clock.now(), credentialVersion],
  );
  return rows.length === 1;
}

/**
 * Locks the account row for the rest of the transaction. Every credential change takes this lock before
 * it touches tokens or sessions, so concurrent changes of one account queue here instead of deadlocking.
 */
export async function lockAccount(db: Queryable, accountId: string): Promise<void> {
  await db.query('select 1 from accounts where id = $1 for update', [accountId]);
}

export async function deleteAccount(db: Queryable, email: string): Promise<void> {
  await db.query('delete from accounts where lower(email) = lower($1)', [email]);
  await db.query('delete from tokens where lower(email) = lower($1) or lower(new_email) = lower($1)', [
    email,
  ]);
}

/**
 * A successful sign-in of an applicant (a password without a second factor, the second step, a passkey): the
 * account is used now, so the unused-account clock starts again and a deletion warning it was sent no longer
 * holds (docs/operations.md#retention); the language it signed in with is the one its mails are written in.
 */
export async function recordSignIn(
  db: Queryable,
  deps: Deps,
  accountId: string,
  locale: Locale,
): Promise<void> {
  await db.query(
    'update accounts set last_sign_in_at = $2, deletion_warned_at = null, locale = $3 where id = $1',
    [accountId, deps.clock.now(), locale],
  );
}
