// Consecutive failures of an account's second-factor codes (docs/security.md#second-factor, issue 39 item 2).
// Codes (the authenticator app's and recovery codes), in the second step of a sign-in and in a confirmation,
// count per account, whatever the client: rotating client addresses gives no more guesses. The count goes up
// before the check (as a limit's slot is taken before the work it guards) and back to zero only when a second
// step or a confirmation succeeds, or the password is reset, or the desk removes the factors. NIST SP 800-63B
// 5.2.2 caps consecutive failures at 100; here the stop is 10, with a doubling wait before it.
import type { Database, Queryable } from '../platform/db.ts';
import { problems } from '../platform/problem.ts';
import { applicantRealm, perRealm, type Realm } from './realm.ts';
import { secondFactorProblems } from './secondFactors.ts';

/** Consecutive wrong codes after which codes are no longer checked: a password reset or the desk lifts it. */
export const SECOND_FACTOR_STOP = 10;
/** Consecutive wrong codes answered at once; from the next one on, each waits (secondFactorDelayMs). */
export const SECOND_FACTOR_FREE = 3;
/** The first wait; each further failure doubles it (30 s, 1, 2, 4, 8, 16, 32 minutes: about an hour in all). */
export const SECOND_FACTOR_FIRST_DELAY_MS = 30_000;

/** How long after the `failures`-th consecutive failure the next code is checked. */
export function secondFactorDelayMs(failures: number): number {
  if (failures < SECOND_FACTOR_FREE) return 0;
  return SECOND_FACTOR_FIRST_DELAY_MS * 2 ** (failures - SECOND_FACTOR_FREE);
}

/** The consecutive code failures of one realm's accounts (realm.ts); the plain exports are the applicants'. */
export const codeFailuresIn = perRealm((realm: Realm) => {
  const table = realm.tables.accounts;

  /**
   * Counts a code attempt of the account as a failure before the code is checked, under the account's row lock
   * (in its own transaction: parallel attempts see each other's count). Throws 403 `second_factor_locked` past
   * the stop, or 429 with the wait while the last failure's wait runs; neither counts. A right code then calls
   * forgetSecondFactorFailures.
   */
  async function takeCodeAttempt(db: Database, accountId: string, now: Date): Promise<void> {
    await db.transaction(async (tx) => {
      const rows = await tx.query<{ failures: number; retry_at: Date | string | null }>(
        `select second_factor_failures as failures, second_factor_retry_at as retry_at
           from ${table} where id = $1 for update`,
        [accountId],
      );
      const row = rows[0];
      if (!row) return;
      const failures = Number(row.failures);
      if (failures >= SECOND_FACTOR_STOP) throw secondFactorProblems.secondFactorLocked();
      const retryAt = row.retry_at === null ? undefined : new Date(row.retry_at);
      if (retryAt && retryAt.getTime() > now.getTime())
        throw problems.rateLimited(Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
      const counted = failures + 1;
      await tx.query(
        `update ${table} set second_factor_failures = $2, second_factor_retry_at = $3 where id = $1`,
        [accountId, counted, new Date(now.getTime() + secondFactorDelayMs(counted))],
      );
    });
  }

  /** A right code that could not be used (its second step ended meanwhile): not a guess, so not counted. */
  async function uncountCodeAttempt(db: Queryable, accountId: string): Promise<void> {
    await db.query(
      `update ${table} set second_factor_failures = greatest(second_factor_failures - 1, 0) where id = $1`,
      [accountId],
    );
  }

  /** A successful second step or confirmation, a password reset, the desk: the count starts again. */
  async function forgetSecondFactorFailures(db: Queryable, accountId: string): Promise<void> {
    await db.query(
      `update ${table} set second_factor_failures = 0, second_factor_retry_at = null where id = $1`,
      [accountId],
    );
  }

  return { takeCodeAttempt, uncountCodeAttempt, forgetSecondFactorFailures };
});

export const { takeCodeAttempt, uncountCodeAttempt, forgetSecondFactorFailures } =
  codeFailuresIn(applicantRealm);
