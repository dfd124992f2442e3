// Accounts, sessions and tokens in the database. Handlers call these; so do the provider states.
import type { Config } from './config.ts';
import type { Clock } from './clock.ts';
import { isUniqueViolation, type Queryable } from './db.ts';
import { hashPassword } from './passwords.ts';
import { hashSecret, newSecret } from './secrets.ts';

export interface Account {
  id: string;
  email: string;
  passwordHash: string;
}

export type TokenKind = 'registration' | 'password_reset' | 'email_change';

export interface TokenRecord {
  kind: TokenKind;
  email: string;
  accountId: string | null;
  newEmail: string | null;
  createdAt: Date;
}

export interface Deps {
  config: Config;
  clock: Clock;
}

export async function findAccount(db: Queryable, email: string): Promise<Account | undefined> {
  const rows = await db.query<{ id: string; email: string; password_hash: string }>(
    'select id::text as id, email, password_hash from accounts where lower(email) = lower($1)',
    [email],
  );
  const row = rows[0];
  return row && { id: row.id, email: row.email, passwordHash: row.password_hash };
}

/** Creates an account; undefined when the address is taken (the unique index on lower(email) decides). */
export async function createAccount(
  db: Queryable,
  deps: Deps,
  email: string,
  password: string,
): Promise<Account | undefined> {
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
      'insert into accounts (email, password_hash, created_at, updated_at) values ($1, $2, $3, $3) returning id::text as id',
      [email, passwordHash, now],
    );
    return { id: rows[0]!.id, email, passwordHash };
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export async function setPasswordHash(
  db: Queryable,
  deps: Deps,
  accountId: string,
  passwordHash: string,
): Promise<void> {
  await db.query('update accounts set password_hash = $2, updated_at = $3 where id = $1', [
    accountId,
    passwordHash,
    deps.clock.now(),
  ]);
}

export async function deleteAccount(db: Queryable, email: string): Promise<void> {
  await db.query('delete from accounts where lower(email) = lower($1)', [email]);
  await db.query('delete from tokens where lower(email) = lower($1) or lower(new_email) = lower($1)', [
    email,
  ]);
}

// Sessions -------------------------------------------------------------------------------------------------

/** Starts a session and returns its id (the cookie value); only the hash is stored. */
export async function createSession(db: Queryable, deps: Deps, accountId: string): Promise<string> {
  const id = newSecret();
  const now = deps.clock.now();
  await db.query(
    'insert into sessions (id_hash, account_id, created_at, expires_at) values ($1, $2, $3, $4)',
    [hashSecret(id), accountId, now, new Date(now.getTime() + deps.config.lifetimes.session)],
  );
  return id;
}

/** The account of a live session; undefined for an unknown, revoked or expired one. */
export async function sessionAccount(
  db: Queryable,
  deps: Deps,
  sessionId: string,
): Promise<Account | undefined> {
  const rows = await db.query<{ id: string; email: string; password_hash: string }>(
    `select a.id::text as id, a.email, a.password_hash
       from sessions s join accounts a on a.id = s.account_id
      where s.id_hash = $1 and s.revoked_at is null and s.expires_at > $2`,
    [hashSecret(sessionId), deps.clock.now()],
  );
  const row = rows[0];
  return row && { id: row.id, email: row.email, passwordHash: row.password_hash };
}

export async function revokeSession(db: Queryable, deps: Deps, sessionId: string): Promise<void> {
  await db.query('update sessions set revoked_at = $2 where id_hash = $1 and revoked_at is null', [
    hashSecret(sessionId),
    deps.clock.now(),
  ]);
}

export async function revokeAllSessions(db: Queryable, deps: Deps, accountId: string): Promise<void> {
  await db.query('update sessions set revoked_at = $2 where account_id = $1 and revoked_at is null', [
    accountId,
    deps.clock.now(),
  ]);
}

// Tokens ---------------------------------------------------------------------------------------------------

const lifetimeOf = (deps: Deps, kind: TokenKind): number =>
  kind === 'registration'
    ? deps.config.lifetimes.registration
    : kind === 'password_reset'
      ? deps.config.lifetimes.passwordReset
      : deps.config.lifetimes.emailChange;

/** Issues a single-use token and returns it; only its hash is stored. */
export async function issueToken(
  db: Queryable,
  deps: Deps,
  kind: TokenKind,
  fields: { email: string; accountId?: string; newEmail?: string },
): Promise<string> {
  const token = newSecret();
  const now = deps.clock.now();
  await db.query(
    `insert into tokens (token_hash, kind, email, account_id, new_email, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      hashSecret(token),
      kind,
      fields.email,
      fields.accountId ?? null,
      fields.newEmail ?? null,
      now,
      new Date(now.getTime() + lifetimeOf(deps, kind)),
    ],
  );
  return token;
}

type TokenRow = {
  kind: TokenKind;
  email: string;
  account_id: string | null;
  new_email: string | null;
  created_at: Date;
};

const toRecord = (row: TokenRow): TokenRecord => ({
  kind: row.kind,
  email: row.email,
  accountId: row.account_id,
  newEmail: row.new_email,
  createdAt: new Date(row.created_at),
});

/** Reads a live token without using it up. */
export async function peekToken(
  db: Queryable,
  deps: Deps,
  kind: TokenKind,
  token: string,
): Promise<TokenRecord | undefined> {
  const rows = await db.query<TokenRow>(
    `select kind, email, account_id::text as account_id, new_email, created_at from tokens
      where token_hash = $1 and kind = $2 and used_at is null and expires_at > $3`,
    [hashSecret(token), kind, deps.clock.now()],
  );
  return rows[0] && toRecord(rows[0]);
}

/** Uses a live token up (atomically: of two concurrent uses, one wins); undefined if it was not live. */
export async function consumeToken(
  db: Queryable,
  deps: Deps,
  kind: TokenKind,
  token: string,
): Promise<TokenRecord | undefined> {
  const now = deps.clock.now();
  const rows = await db.query<TokenRow>(
    `update tokens set used_at = $3
      where token_hash = $1 and kind = $2 and used_at is null and expires_at > $3
      returning kind, email, account_id::text as account_id, new_email, created_at`,
    [hashSecret(token), kind, now],
  );
  return rows[0] && toRecord(rows[0]);
}
