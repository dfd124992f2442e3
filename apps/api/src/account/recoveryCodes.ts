// Recovery codes: ten single-use codes that stand in for the authenticator app when the phone is lost
// (docs/security.md#second-factor). Shown once; the server keeps only a salted scrypt hash of each, as of a
// password: a code has 59 bits, under the 112 below which ASVS 5.0 6.5.2 asks for a password hash rather than
// a fast one. The first group is kept in clear as the code's lookup (it says which row to check, so a try
// costs one scrypt, not ten), leaving 39 bits behind the hash.
import { randomInt } from 'node:crypto';
import type { Deps } from './accounts.ts';
import type { Queryable } from '../platform/db.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { applicantRealm, perRealm, type Realm } from './realm.ts';

export const RECOVERY_CODE_COUNT = 10;

/**
 * Lower-case letters and digits without those read or typed for one another (0/o, 1/l/i): 31 symbols, so
 * twelve of them are 59 random bits, far more than can be guessed within the sign-in limits.
 */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** One code as shown: `xxxx-xxxx-xxxx`. */
export function newRecoveryCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g += 1) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i += 1)
      group += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/**
 * The form a code is stored and compared in: lower case, without the hyphens and spaces a person may type
 * or leave out. Undefined when what remains cannot be a code (the wrong length or a symbol codes never have).
 */
export function normaliseRecoveryCode(typed: string): string | undefined {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '');
  if (plain.length !== GROUPS * GROUP_LENGTH) return undefined;
  for (const char of plain) if (!RECOVERY_CODE_ALPHABET.includes(char)) return undefined;
  return plain;
}

/** The clear lookup of a normalised code (its first group) and the part that is hashed. */
const split = (normalised: string) => ({
  lookup: normalised.slice(0, GROUP_LENGTH),
  secret: normalised.slice(GROUP_LENGTH),
});

/** How a normalised code is stored: `lookup:scrypt$…` (passwords.ts's format, with its own salt). */
export async function hashRecoveryCode(deps: Deps, normalised: string): Promise<string> {
  const { lookup, secret } = split(normalised);
  return `${lookup}:${await hashPassword(secret, deps.config.scrypt)}`;
}

/** Ten new codes as shown and as stored: hashed before any transaction, so none waits on scrypt. */
export interface RecoveryCodeSet {
  readonly shown: readonly string[];
  readonly stored: readonly string[];
}

export async function newRecoveryCodeSet(deps: Deps): Promise<RecoveryCodeSet> {
  const codes = new Set<string>();
  // Distinct lookups too: each try then checks one row.
  const lookups = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    const code = newRecoveryCode();
    const { lookup } = split(normaliseRecoveryCode(code)!);
    if (lookups.has(lookup)) continue;
    lookups.add(lookup);
    codes.add(code);
  }
  const shown = [...codes];
  const stored = await Promise.all(shown.map((code) => hashRecoveryCode(deps, normaliseRecoveryCode(code)!)));
  return { shown, stored };
}

/** The recovery codes of one realm (realm.ts); the plain exports below are the applicants'. */
export const recoveryCodesIn = perRealm((realm: Realm) => {
  const table = realm.tables.recoveryCodes;

  /**
   * A new set for the account, replacing any earlier one (void from now), in the caller's transaction.
   * Returns the codes as shown.
   */
  async function storeRecoveryCodes(
    tx: Queryable,
    accountId: string,
    set: RecoveryCodeSet,
    now: Date,
  ): Promise<string[]> {
    await tx.query(`delete from ${table} where account_id = $1`, [accountId]);
    await tx.query(
      `insert into ${table} (account_id, code_hash, created_at)
       select $1, hash, $3 from unnest($2::text[]) as hash`,
      [accountId, [...set.stored], now],
    );
    return [...set.shown];
  }

  /** A new set made and stored at once (provider states and tests, outside any transaction). */
  async function issueRecoveryCodes(db: Queryable, deps: Deps, accountId: string): Promise<string[]> {
    return storeRecoveryCodes(db, accountId, await newRecoveryCodeSet(deps), deps.clock.now());
  }

  /** Voids every code of the account (the app was turned off). */
  async function voidRecoveryCodes(db: Queryable, accountId: string): Promise<void> {
    await db.query(`delete from ${table} where account_id = $1`, [accountId]);
  }

  /**
   * The stored hash of the account's unused code that was typed, if any: checked outside any transaction
   * (scrypt takes a while), then used up by `spendRecoveryCode` in the sign-in's.
   */
  async function findRecoveryCode(
    db: Queryable,
    accountId: string,
    typed: string,
  ): Promise<string | undefined> {
    const normalised = normaliseRecoveryCode(typed);
    if (!normalised) return undefined;
    const { lookup, secret } = split(normalised);
    const rows = await db.query<{ code_hash: string }>(
      `select code_hash from ${table}
        where account_id = $1 and used_at is null and starts_with(code_hash, $2)`,
      [accountId, `${lookup}:`],
    );
    for (const { code_hash } of rows)
      if (await verifyPassword(secret, code_hash.slice(lookup.length + 1))) return code_hash;
    return undefined;
  }

  /**
   * Uses up the code `findRecoveryCode` found: true once, in the statement that marks it, so two requests with
   * the same code cannot both succeed.
   */
  async function spendRecoveryCode(
    db: Queryable,
    accountId: string,
    stored: string,
    now: Date,
  ): Promise<boolean> {
    const rows = await db.query(
      `update ${table} set used_at = $3
        where account_id = $1 and code_hash = $2 and used_at is null
        returning 1`,
      [accountId, stored, now],
    );
    return rows.length === 1;
  }

  /** How many unused codes the account has. */
  async function recoveryCodesLeft(db: Queryable, accountId: string): Promise<number> {
    const rows = await db.query<{ n: number | string }>(
      `select count(*) as n from ${table} where account_id = $1 and used_at is null`,
      [accountId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  return {
    storeRecoveryCodes,
    issueRecoveryCodes,
    voidRecoveryCodes,
    findRecoveryCode,
    spendRecoveryCode,
    recoveryCodesLeft,
  };
});

export const {
  storeRecoveryCodes,
  issueRecoveryCodes,
  voidRecoveryCodes,
  findRecoveryCode,
  spendRecoveryCode,
  recoveryCodesLeft,
} = recoveryCodesIn(applicantRealm);
