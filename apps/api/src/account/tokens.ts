// Single-use links in the database (registration, password reset, e-mail change): issued with a mail, read,
// used up, renewed when expired, and refused with the reason their own row gives (docs/behaviour.md#link-states).
// Only a token's hash is stored.
import type { Deps } from './accounts.ts';
import type { Queryable } from '../platform/db.ts';
import type { LinkRefusal } from '../platform/problem.ts';
import { hashSecret, newSecret } from '../platform/secrets.ts';

/**
 * The kinds of single-use link, each named as the mail that carries it (mail.ts MailKind adds the notices),
 * its request limit (rateLimits.ts) and its lifetime setting (config.lifetimes) are.
 */
export const linkKinds = ['registration', 'passwordReset', 'emailChange'] as const;
export type LinkKind = (typeof linkKinds)[number];

export interface TokenRecord {
  kind: LinkKind;
  email: string;
  accountId: string | null;
  newEmail: string | null;
  createdAt: Date;
  /** The account's credential version when the token was issued (0 for registration tokens). */
  credentialVersion: number;
}

/**
 * Issues a single-use token and returns it; only its hash is stored. An account's token carries the
 * credential version it was issued at (by default the account's present one).
 */
export async function issueToken(
  db: Queryable,
  deps: Deps,
  kind: LinkKind,
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
      new Date(now.getTime() + deps.config.lifetimes[kind]),
      fields.credentialVersion ?? null,
    ],
  );
  return token;
}

type TokenRow = {
  kind: LinkKind;
  email: string;
  account_id: string | null;
  new_email: string | null;
  created_at: Date;
  credential_version: number;
};

/**
 * The account a token was issued for is still as it was then: at the token's credential version, at the token's
 * address (a password change, a reset or an e-mail change since ends the token). Read by every token query.
 */
const ACCOUNT_STILL_CURRENT = `exists (select 1 from accounts a where a.id = tokens.account_id
  and a.credential_version = tokens.credential_version and lower(a.email) = lower(tokens.email))`;

/**
 * The token ($1, of kind $2) was never used, superseded or ended, and, for an account's token, the account is
 * still current; `expiry` compares its end with now ($3).
 */
const unspent = (expiry: 'expires_at > $3' | 'expires_at <= $3') => `token_hash = $1 and kind = $2
  and used_at is null and ${expiry} and superseded_at is null and ended_at is null
  and (account_id is null or ${ACCOUNT_STILL_CURRENT})`;

/** A live token: unspent and unexpired. */
const LIVE = unspent('expires_at > $3');
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
export function peekToken(db: Queryable, deps: Deps, kind: LinkKind, token: string) {
  return tokenWhere(db, deps, `select ${TOKEN_COLUMNS} from tokens where ${LIVE}`, kind, token);
}

/**
 * An expired link that may be renewed (docs/behaviour.md#link-states): past its lifetime, never used,
 * superseded or ended, and, for an account's token, still of the account's present credentials and address.
 */
const RENEWABLE = unspent('expires_at <= $3');

/** Reads an expired, renewable token without changing it. */
export function peekRenewableToken(db: Queryable, deps: Deps, kind: LinkKind, token: string) {
  return tokenWhere(db, deps, `select ${TOKEN_COLUMNS} from tokens where ${RENEWABLE}`, kind, token);
}

/**
 * Marks an expired, renewable token superseded by the renewal (atomically: of two concurrent renewals, one
 * wins); undefined if it was not renewable any more.
 */
export function retireRenewableToken(db: Queryable, deps: Deps, kind: LinkKind, token: string) {
  const sql = `update tokens set superseded_at = $3 where ${RENEWABLE} returning ${TOKEN_COLUMNS}`;
  return tokenWhere(db, deps, sql, kind, token);
}

/** Uses a live token up (atomically: of two concurrent uses, one wins); undefined if it was not live. */
export function consumeToken(db: Queryable, deps: Deps, kind: LinkKind, token: string) {
  const sql = `update tokens set used_at = $3 where ${LIVE} returning ${TOKEN_COLUMNS}`;
  return tokenWhere(db, deps, sql, kind, token);
}

/** Runs a statement over the token ($1: its hash, $2: its kind, $3: now) and returns the row it reads. */
async function tokenWhere(
  db: Queryable,
  deps: Deps,
  sql: string,
  kind: LinkKind,
  token: string,
): Promise<TokenRecord | undefined> {
  const rows = await db.query<TokenRow>(sql, [hashSecret(token), kind, deps.clock.now()]);
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
  kind: LinkKind,
  token: string,
): Promise<LinkRefusal> {
  const rows = await db.query<LinkTrace>(
    `select used_at is not null as used, superseded_at is not null as superseded,
            (ended_at is not null or (account_id is not null and not ${ACCOUNT_STILL_CURRENT})) as ended,
            expires_at
       from tokens where token_hash = $1 and kind = $2`,
    [hashSecret(token), kind],
  );
  return linkRefusal(rows[0], deps.clock.now());
}

/** A link's trace as its own row keeps it: whether it was used, superseded or ended, and when it expires. */
export type LinkTrace = {
  used: boolean;
  superseded: boolean;
  ended: boolean;
  expires_at: Date | string;
};

/**
 * Why a link that is not live is refused, from its trace (none: never issued, or purged). An ended link is
 * told as unknown: its holder learns nothing of what the account's owner did. Also the staff invitations'.
 */
export function linkRefusal(row: LinkTrace | undefined, now: Date): LinkRefusal {
  if (!row) return { code: 'unknown' };
  if (row.used) return { code: 'used' };
  if (row.superseded) return { code: 'superseded' };
  if (row.ended) return { code: 'unknown' };
  const expiresAt = new Date(row.expires_at);
  if (expiresAt.getTime() <= now.getTime()) return { code: 'expired', expiredAt: expiresAt };
  return { code: 'unknown' };
}

/** Ends the account's pending reset and e-mail-change links (part of endCredentials in sessions.ts). */
export async function endAccountLinks(db: Queryable, deps: Deps, accountId: string): Promise<void> {
  await db.query(
    `update tokens set ended_at = $2
      where account_id = $1 and used_at is null and ended_at is null
        and kind in ('passwordReset', 'emailChange')`,
    [accountId, deps.clock.now()],
  );
}
