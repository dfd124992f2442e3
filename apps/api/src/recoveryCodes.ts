// Recovery codes: ten single-use codes that stand in for the authenticator app when the phone is lost
// (docs/security.md#second-factor). Shown once; only the hash of each is stored, as for every secret the
// server only checks.
import { randomInt } from 'node:crypto';
import type { Queryable } from './db.ts';
import { hashSecret } from './secrets.ts';

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

export const hashRecoveryCode = (normalised: string): string => hashSecret(normalised);

/**
 * A new set for the account, replacing any earlier one (void from now), in the caller's transaction.
 * Returns the codes as shown; the database keeps only their hashes.
 */
export async function issueRecoveryCodes(tx: Queryable, accountId: string, now: Date): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await tx.query('delete from recovery_codes where account_id = $1', [accountId]);
  const shown = [...codes];
  await tx.query(
    `insert into recovery_codes (account_id, code_hash, created_at)
     select $1, hash, $3 from unnest($2::text[]) as hash`,
    [accountId, shown.map((code) => hashRecoveryCode(normaliseRecoveryCode(code)!)), now],
  );
  return shown;
}

/** Voids every code of the account (the app was turned off). */
export async function voidRecoveryCodes(db: Queryable, accountId: string): Promise<void> {
  await db.query('delete from recovery_codes where account_id = $1', [accountId]);
}

/**
 * Uses the code up if it is one of the account's unused ones: true once, in the statement that marks it,
 * so two requests with the same code cannot both succeed.
 */
export async function useRecoveryCode(
  db: Queryable,
  accountId: string,
  typed: string,
  now: Date,
): Promise<boolean> {
  const normalised = normaliseRecoveryCode(typed);
  if (!normalised) return false;
  const rows = await db.query(
    `update recovery_codes set used_at = $3
      where account_id = $1 and code_hash = $2 and used_at is null
      returning 1`,
    [accountId, hashRecoveryCode(normalised), now],
  );
  return rows.length === 1;
}

/** How many unused codes the account has. */
export async function recoveryCodesLeft(db: Queryable, accountId: string): Promise<number> {
  const rows = await db.query<{ n: number | string }>(
    'select count(*) as n from recovery_codes where account_id = $1 and used_at is null',
    [accountId],
  );
  return Number(rows[0]?.n ?? 0);
}
