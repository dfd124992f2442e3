// Accounts, sessions and tokens in the database. Handlers call these; so do the provider states.
import type { Config } from './config.ts';
import type { Clock } from './clock.ts';
import { isUniqueViolation, type Queryable } from './db.ts';
import { hashPassword } from './passwords.ts';
import type { LinkRefusal } from './problem.ts';
import { hashSecret, newSecret } from './secrets.ts';

export interface Account {
  id: string;
  email: string;
  passwordHash: string;
  /** Raised by every password change, reset and e-mail change (docs/security.md#credential-version). */
  credentialVersion: number;
}

type AccountRow = { id: string; email: string; password_hash: string; credential_version: number };

const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  credentialVersion: Number(row.credential_version),
});

export type TokenKind = 'registration' | 'password_reset' | 'email_change';

export interface TokenRecord {
  kind: TokenKind;
  email: string;
  accountId: string | null;
  newEmail: string | null;
  createdAt: Date;
  /** The account's credential version when the token was issued (0 for registration tokens). */
  credentialVersion: number;
}

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
      'insert into accounts (email, password_hash, created_at, updated_at) values ($1, $2, $3, $3) returning id::text as id',
      [email, passwordHash, now],
    );
    return { id: rows[0]!.id, email, passwordHash, credentialVersion: 0 };
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/**
 * Sets the password and raises the credential version, when the account is still at `expectedVersion`
 * (if given). False when it was not: a concurrent change won, and this one must not apply. The account
 * row is updated first in every credential change, so concurrent changes queue on it (no deadlock).
 */
export async function setPasswordHash(
  db: Queryable,
  deps: Deps,
  accountId: string,
  passwordHash: string,
  expectedVersion?: number,
): Promise<boolean> {
  const rows = await db.query(
    `update accounts set password_hash = $2, updated_at = $3, credential_version = credential_version + 1
      where id = $1 and ($4::integer is null or credential_version = $4) returning 1`,
    [accountId, passwordHash, deps.clock.now(), expectedVersion ?? null],
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

/**
 * Ends what the old credentials opened: every session of the account and every pending reset and
 * e-mail-change link. (The raised credential version already makes them dead; this records it.)
 */
export async function endCredentials(db: Queryable, deps: Deps, accountId: string): Promise<number> {
  const now = deps.clock.now();
  const sessions = await revokeAllSessions(db, deps, accountId);
  await db.query(
    `update tokens set ended_at = $2
      where account_id = $1 and used_at is null and ended_at is null
        and kind in ('password_reset', 'email_change')`,
    [accountId, now],
  );
  return sessions;
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
  const id = await createSessionAt(db, deps, accountId, null);
  if (!id) throw new Error(`no account ${accountId}`);
  return id;
}

/**
 * Starts a session only if the account is still at `expectedVersion` (the credential version read before
 * the password was hashed), checked by the statement that creates it: undefined, and no session, when the
 * password or address changed meanwhile (docs/security.md#credential-version).
 */
export async function createSessionAt(
  db: Queryable,
  deps: Deps,
  accountId: string,
  expectedVersion: number | null,
): Promise<string | undefined> {
  const id = newSecret();
  const now = deps.clock.now();
  const rows = await db.query(
    `insert into sessions (id_hash, account_id, created_at, last_used_at, expires_at, credential_version)
     select $1, a.id, $3, $3, $4, a.credential_version from accounts a
      where a.id = $2 and ($5::integer is null or a.credential_version = $5)
     returning 1`,
    [
      hashSecret(id),
      accountId,
      now,
      new Date(now.getTime() + deps.config.lifetimes.session),
      expectedVersion,
    ],
  );
  return rows.length === 1 ? id : undefined;
}

/** When a live session ends: `expiresAt` is the sooner of the idle end and `absoluteExpiresAt`. */
export interface SessionTimes {
  expiresAt: Date;
  absoluteExpiresAt: Date;
}

export interface LiveSession {
  account: Account;
  times: SessionTimes;
}

type LiveSessionRow = AccountRow & { last_used_at: Date | string; expires_at: Date | string };

/**
 * The account of a live session; undefined for an unknown, revoked or expired one. A session is live until
 * its absolute end (`expires_at`) and until the idle time has passed since its last use
 * (docs/security.md#session-timeout). `extend` (the applicant's own calls) makes now its last use; a read
 * that does not extend (the app's periodic check) leaves it (the idle end does not move).
 */
export async function liveSession(
  db: Queryable,
  deps: Deps,
  sessionId: string,
  { extend }: { extend: boolean },
): Promise<LiveSession | undefined> {
  const now = deps.clock.now();
  const idleSince = new Date(now.getTime() - deps.config.lifetimes.sessionIdle);
  const live = `s.id_hash = $1 and s.revoked_at is null and s.expires_at > $2 and s.last_used_at > $3`;
  const columns = `a.id::text as id, a.email, a.password_hash, a.credential_version, s.last_used_at, s.expires_at`;
  const rows = await db.query<LiveSessionRow>(
    extend
      ? `update sessions s set last_used_at = $2 from accounts a
          where a.id = s.account_id and a.credential_version = s.credential_version and ${live}
          returning ${columns}`
      : `select ${columns}
           from sessions s join accounts a on a.id = s.account_id and a.credential_version = s.credential_version
          where ${live}`,
    [hashSecret(sessionId), now, idleSince],
  );
  const row = rows[0];
  if (!row) return undefined;
  const absoluteExpiresAt = new Date(row.expires_at);
  const idleEnd = new Date(row.last_used_at).getTime() + deps.config.lifetimes.sessionIdle;
  return {
    account: toAccount(row),
    times: { expiresAt: new Date(Math.min(idleEnd, absoluteExpiresAt.getTime())), absoluteExpiresAt },
  };
}

/** Provider states only: the session's last use was at `at` (an idle session without waiting for it). */
export async function setSessionLastUse(db: Queryable, sessionId: string, at: Date): Promise<void> {
  await db.query('update sessions set last_used_at = $2 where id_hash = $1', [hashSecret(sessionId), at]);
}

export async function revokeSession(db: Queryable, deps: Deps, sessionId: string): Promise<void> {
  await db.query('update sessions set revoked_at = $2 where id_hash = $1 and revoked_at is null', [
    hashSecret(sessionId),
    deps.clock.now(),
  ]);
}

/** Revokes every live session of the account; returns how many there were. */
export async function revokeAllSessions(db: Queryable, deps: Deps, accountId: string): Promise<number> {
  const rows = await db.query(
    'update sessions set revoked_at = $2 where account_id = $1 and revoked_at is null and expires_at > $2 returning 1',
    [accountId, deps.clock.now()],
  );
  return rows.length;
}

// Tokens ---------------------------------------------------------------------------------------------------

const lifetimeOf = (deps: Deps, kind: TokenKind): number =>
  kind === 'registration'
    ? deps.config.lifetimes.registration
    : kind === 'password_reset'
      ? deps.config.lifetimes.passwordReset
      : deps.config.lifetimes.emailChange;

/**
 * Issues a single-use token and returns it; only its hash is stored. An account's token carries the
 * credential version it was issued at (by default the account's present one).
 */
export async function issueToken(
  db: Queryable,
  deps: Deps,
  kind: TokenKind,
  fields: { email: string; accountId?: string; newEmail?: string; credentialVersion?: number },
): Promise<string> {
  const token = newSecret();
  const now = deps.clock.now();
  // docs/behaviour.md#link-states: the newest mail wins; an older pending link of the same kind to the same
  // address (for an e-mail change: of the same account to the same new address) is superseded.
  await db.query(
    `update tokens set superseded_at = $4
      where kind = $1 and lower(email) = lower($2) and lower(coalesce(new_email, '')) = lower(coalesce($3, ''))
        and used_at is null and superseded_at is null and ended_at is null and expires_at > $4`,
    [kind, fields.email, fields.newEmail ?? null, now],
  );
  await db.query(
    `insert into tokens (token_hash, kind, email, account_id, new_email, created_at, expires_at, credential_version)
     values ($1, $2, $3, $4, $5, $6, $7,
             coalesce($8, (select credential_version from accounts where id = $4), 0))`,
    [
      hashSecret(token),
      kind,
      fields.email,
      fields.accountId ?? null,
      fields.newEmail ?? null,
      now,
      new Date(now.getTime() + lifetimeOf(deps, kind)),
      fields.credentialVersion ?? null,
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
  credential_version: number;
};

/**
 * A live token: unused, unexpired, and, for an account's token, issued at the account's present credential
 * version from its present address (a password change, a reset or an e-mail change since ends it).
 */
const LIVE = `token_hash = $1 and kind = $2 and used_at is null and expires_at > $3
  and superseded_at is null and ended_at is null
  and (account_id is null or exists (select 1 from accounts a where a.id = tokens.account_id
       and a.credential_version = tokens.credential_version and lower(a.email) = lower(tokens.email)))`;
const TOKEN_COLUMNS =
  'kind, email, account_id::text as account_id, new_email, created_at, credential_version';

const toRecord = (row: TokenRow): TokenRecord => ({
  kind: row.kind,
  email: row.email,
  accountId: row.account_id,
  newEmail: row.new_email,
  createdAt: new Date(row.created_at),
  credentialVersion: Number(row.credential_version),
});

/** Reads a live token without using it up. */
export async function peekToken(
  db: Queryable,
  deps: Deps,
  kind: TokenKind,
  token: string,
): Promise<TokenRecord | undefined> {
  const rows = await db.query<TokenRow>(`select ${TOKEN_COLUMNS} from tokens where ${LIVE}`, [
    hashSecret(token),
    kind,
    deps.clock.now(),
  ]);
  return rows[0] && toRecord(rows[0]);
}

/**
 * An expired link that may be renewed (docs/behaviour.md#link-states): past its lifetime, never used,
 * superseded or ended, and, for an account's token, still of the account's present credentials and address.
 */
const RENEWABLE = `token_hash = $1 and kind = $2 and used_at is null and expires_at <= $3
  and superseded_at is null and ended_at is null
  and (account_id is null or exists (select 1 from accounts a where a.id = tokens.account_id
       and a.credential_version = tokens.credential_version and lower(a.email) = lower(tokens.email)))`;

/** Reads an expired, renewable token without changing it. */
export async function peekRenewableToken(
  db: Queryable,
  deps: Deps,
  kind: TokenKind,
  token: string,
): Promise<TokenRecord | undefined> {
  const rows = await db.query<TokenRow>(`select ${TOKEN_COLUMNS} from tokens where ${RENEWABLE}`, [
    hashSecret(token),
    kind,
    deps.clock.now(),
  ]);
  return rows[0] && toRecord(rows[0]);
}

/**
 * Marks an expired, renewable token superseded by the renewal (atomically: of two concurrent renewals, one
 * wins); undefined if it was not renewable any more.
 */
export async function retireRenewableToken(
  db: Queryable,
  deps: Deps,
  kind: TokenKind,
  token: string,
): Promise<TokenRecord | undefined> {
  const rows = await db.query<TokenRow>(
    `update tokens set superseded_at = $3 where ${RENEWABLE} returning ${TOKEN_COLUMNS}`,
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
    `update tokens set used_at = $3 where ${LIVE} returning ${TOKEN_COLUMNS}`,
    [hashSecret(token), kind, now],
  );
  return rows[0] && toRecord(rows[0]);
}

/**
 * Reads the trace of a token that is not live. Only the presented token's own row is read, by its hash:
 * nothing about an address or another token is told. A link that a credential change ended (or whose
 * account's address moved) is told as unknown, as it was before link states existed.
 */
export async function tokenRefusal(
  db: Queryable,
  deps: Deps,
  kind: TokenKind,
  token: string,
): Promise<LinkRefusal> {
  const rows = await db.query<{
    used: boolean;
    superseded: boolean;
    ended: boolean;
    expires_at: Date;
  }>(
    `select used_at is not null as used, superseded_at is not null as superseded,
            (ended_at is not null or (account_id is not null and not exists (select 1 from accounts a
              where a.id = tokens.account_id and a.credential_version = tokens.credential_version
                and lower(a.email) = lower(tokens.email)))) as ended,
            expires_at
       from tokens where token_hash = $1 and kind = $2`,
    [hashSecret(token), kind],
  );
  const row = rows[0];
  if (!row) return { code: 'unknown' };
  if (row.used) return { code: 'used' };
  if (row.superseded) return { code: 'superseded' };
  if (row.ended) return { code: 'unknown' };
  const expiresAt = new Date(row.expires_at);
  if (expiresAt.getTime() <= deps.clock.now().getTime()) return { code: 'expired', expiredAt: expiresAt };
  return { code: 'unknown' };
}
