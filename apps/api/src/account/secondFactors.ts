// An account's second factors (passkeys, the authenticator app and its recovery codes) as the sign-in sees
// them: which second step a password sign-in asks for, the second step under way (its cookie and its row in
// `second_steps`), and what REQUIRE_SECOND_FACTOR demands (docs/security.md#second-factor).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '@pre-admission/api/schema';
import type { Config } from '../platform/config.ts';
import type { Deps } from './accounts.ts';
import type { Database, Queryable } from '../platform/db.ts';
import { HttpProblem } from '../platform/problem.ts';
import { hashSecret, newSecret } from '../platform/secrets.ts';
import type { Services } from '../services.ts';
import { applicantRealm, perRealm, type Realm } from './realm.ts';
import { endCredentials } from './sessions.ts';

export type SecondStepMethod = components['schemas']['SessionStatus']['secondStep'] extends
  (infer M)[] | undefined
  ? M
  : never;

/** What an account has, counted in one query. */
export interface SecondFactors {
  authenticatorApp: boolean;
  passkeys: number;
  /** Unused recovery codes (there are none while the app is off). */
  recoveryCodes: number;
}

/** Which second step a password sign-in asks for, and what an account must hold, in one realm. */
const factorsIn = perRealm((realm: Realm) => {
  const t = realm.tables;
  return {
    async secondFactorsOf(db: Queryable, accountId: string): Promise<SecondFactors> {
      const rows = await db.query<{ app: boolean | null; passkeys: number | string; codes: number | string }>(
        `select exists (select 1 from ${t.authenticatorApps} where account_id = $1 and on_since is not null) as app,
                (select count(*) from ${t.passkeys} where account_id = $1) as passkeys,
                (select count(*) from ${t.recoveryCodes} where account_id = $1 and used_at is null) as codes`,
        [accountId],
      );
      const row = rows[0]!;
      return {
        authenticatorApp: row.app === true,
        passkeys: Number(row.passkeys),
        recoveryCodes: Number(row.codes),
      };
    },

    /**
     * How a password sign-in's second step can be made; empty when it has none (the password signs in alone).
     * The app on asks for a step, whatever the setting; a realm that requires a second factor
     * (REQUIRE_SECOND_FACTOR for applicants, always for staff) also makes a passkey one. A passkey is offered
     * as a step only then: without the app and without the requirement, a passkey is a way to sign in instead
     * of the password, not a step after it.
     */
    secondStepMethods(config: Config, factors: SecondFactors): SecondStepMethod[] {
      const methods: SecondStepMethod[] = [];
      if (factors.authenticatorApp) {
        methods.push('authenticatorApp');
        if (factors.recoveryCodes > 0) methods.push('recoveryCode');
      }
      if (factors.passkeys > 0 && (factors.authenticatorApp || realm.requiresSecondFactor(config)))
        methods.push('passkey');
      return methods;
    },

    /** The realm requires a second factor and the account has neither a passkey nor the app. */
    lacksRequiredSecondFactor: (config: Config, factors: SecondFactors): boolean =>
      realm.requiresSecondFactor(config) && !factors.authenticatorApp && factors.passkeys === 0,
  };
});

export const { secondFactorsOf, secondStepMethods, lacksRequiredSecondFactor } = factorsIn(applicantRealm);

/** What is being removed: the app, or one of the account's passkeys (its id, as openapi.yaml's Passkey.id). */
export type Removing = 'authenticatorApp' | { passkeyId: string };

/**
 * Whether removing `removing` leaves the account with no second factor while it has one now. Call it in the
 * removal's transaction after lockAccount (accounts.ts), so that two removals at once (the app in one tab,
 * the last passkey in another) see each other's outcome and cannot both pass. It says nothing of the
 * setting: with REQUIRE_SECOND_FACTOR on, a true answer is 409 `last_second_factor` (refuseRemovingLast).
 */
export async function isLastSecondFactor(
  db: Queryable,
  accountId: string,
  removing: Removing,
): Promise<boolean> {
  const rows = await db.query<{ app: boolean | null; others: number | string; this_one: number | string }>(
    `select exists (select 1 from authenticator_apps where account_id = $1 and on_since is not null) as app,
            (select count(*) from passkeys where account_id = $1 and id::text is distinct from $2) as others,
            (select count(*) from passkeys where account_id = $1 and id::text = $2) as this_one`,
    [accountId, removing === 'authenticatorApp' ? null : removing.passkeyId],
  );
  const row = rows[0]!;
  const app = row.app === true;
  const passkeysLeft = Number(row.others);
  const removed = removing === 'authenticatorApp' ? app : Number(row.this_one) > 0;
  const appLeft = app && removing !== 'authenticatorApp';
  return removed && !appLeft && passkeysLeft === 0;
}

/**
 * 409 `last_second_factor` when REQUIRE_SECOND_FACTOR is on and `removing` is the account's last second
 * factor (openapi.yaml LastSecondFactor); the same rules as isLastSecondFactor about the transaction.
 */
export async function refuseRemovingLast(
  config: Config,
  db: Queryable,
  accountId: string,
  removing: Removing,
): Promise<void> {
  if (config.requireSecondFactor && (await isLastSecondFactor(db, accountId, removing)))
    throw secondFactorProblems.lastSecondFactor();
}

/**
 * 403 `second_factor_required` for an operation the session may not use until the account has a second
 * factor (REQUIRE_SECOND_FACTOR; openapi.yaml SecondFactorRequired): the plan, the password and the address.
 */
export async function refuseWithoutSecondFactor(s: Services, accountId: string): Promise<void> {
  if (!s.config.requireSecondFactor) return;
  if (lacksRequiredSecondFactor(s.config, await secondFactorsOf(s.db, accountId)))
    throw secondFactorProblems.secondFactorRequired();
}

/** The refusals of this area, with their openapi.yaml Problem.code. */
export const secondFactorProblems = {
  wrongCode: () => new HttpProblem(403, 'wrong-code', 'The code is not correct.', { code: 'wrong_code' }),
  noSecondStep: () => new HttpProblem(401, 'no-second-step', 'Sign in again.', { code: 'no_second_step' }),
  secondFactorRequired: () =>
    new HttpProblem(403, 'second-factor-required', 'Set up a passkey or an authenticator app first.', {
      code: 'second_factor_required',
    }),
  lastSecondFactor: () =>
    new HttpProblem(409, 'conflict', 'This is your last second factor.', { code: 'last_second_factor' }),
  noSetup: () => new HttpProblem(409, 'conflict', 'Start setting up the app again.', { code: 'no_setup' }),
  alreadyOn: () =>
    new HttpProblem(409, 'conflict', 'The authenticator app is already on.', { code: 'already_on' }),
  notOn: () => new HttpProblem(409, 'conflict', 'The authenticator app is not on.', { code: 'not_on' }),
  /** Too many consecutive wrong codes (secondFactorFailures.ts): a password reset or the desk lifts it. */
  secondFactorLocked: () =>
    new HttpProblem(403, 'second-factor-locked', 'Too many wrong codes. Reset your password.', {
      code: 'second_factor_locked',
    }),
  /** A confirmation of an account whose password sign-in asks for a code, with the password alone. */
  codeRequired: () =>
    new HttpProblem(403, 'code-required', 'Enter a code from your authenticator app too.', {
      code: 'code_required',
    }),
  /** A confirmation of an account whose only second step is a passkey, with the password alone. */
  passkeyRequired: () =>
    new HttpProblem(403, 'passkey-required', 'Confirm with your passkey.', { code: 'passkey_required' }),
};

// The second step under way -----------------------------------------------------------------------------

/** A second step must be made within this of the password (openapi.yaml finishSignIn: five minutes). */
export const SECOND_STEP_LIFETIME_MS = 5 * 60 * 1000;

export interface SecondStep {
  accountId: string;
  email: string;
  credentialVersion: number;
}

/** The second steps of one realm: their cookie (its own name per realm) and their rows. */
const secondStepsIn = perRealm((realm: Realm) => {
  const t = realm.tables;
  const name = realm.cookies.secondStep;
  /**
   * As the session cookie (services.ts sessionCookieName): `__Host-` over https, so that neither a sibling
   * subdomain nor a plain-http page can plant one.
   */
  const cookieName = (config: Config): string =>
    config.publicUrl.startsWith('https:') ? `__Host-${name}` : name;
  const cookieOptions = (s: Services, request: FastifyRequest) => ({
    path: cookieName(s.config) !== name ? '/' : s.config.basePath || '/',
    httpOnly: true,
    // Only the site's own pages make the second step: no other site's link or form carries the cookie.
    sameSite: 'strict' as const,
    secure: request.protocol === 'https' || s.config.publicUrl.startsWith('https:'),
  });
  return {
    secondStepCookieOf: (s: Services, request: FastifyRequest): string | undefined =>
      request.cookies[cookieName(s.config)],

    setSecondStepCookie(s: Services, request: FastifyRequest, reply: FastifyReply, id: string): void {
      reply.setCookie(cookieName(s.config), id, {
        ...cookieOptions(s, request),
        maxAge: Math.floor(SECOND_STEP_LIFETIME_MS / 1000),
      });
    },

    clearSecondStepCookie(s: Services, request: FastifyRequest, reply: FastifyReply): void {
      reply.clearCookie(cookieName(s.config), cookieOptions(s, request));
    },

    /**
     * Records a second step for the account at the credential version its password was checked at, and returns
     * the cookie's value (only its hash is stored).
     */
    async startSecondStep(
      db: Queryable,
      accountId: string,
      credentialVersion: number,
      now: Date,
    ): Promise<string> {
      const id = newSecret();
      await db.query(
        `insert into ${t.secondSteps} (id_hash, account_id, credential_version, created_at, expires_at)
         values ($1, $2, $3, $4, $5)`,
        [
          hashSecret(id),
          accountId,
          credentialVersion,
          now,
          new Date(now.getTime() + SECOND_STEP_LIFETIME_MS),
        ],
      );
      return id;
    },

    /**
     * The second step the cookie names, while it is unused, unexpired and its account still at the credential
     * version the password was checked at (a password or address changed since ends it); undefined otherwise.
     */
    async liveSecondStep(db: Queryable, id: string, now: Date): Promise<SecondStep | undefined> {
      const rows = await db.query<{ account_id: string; email: string; credential_version: number }>(
        `select s.account_id::text as account_id, a.email, s.credential_version
           from ${t.secondSteps} s
           join ${t.accounts} a on a.id = s.account_id and a.credential_version = s.credential_version ${realm.liveAccount}
          where s.id_hash = $1 and s.used_at is null and s.expires_at > $2`,
        [hashSecret(id), now],
      );
      const row = rows[0];
      return (
        row && {
          accountId: row.account_id,
          email: row.email,
          credentialVersion: Number(row.credential_version),
        }
      );
    },

    /** Marks the second step used: true once, so a step made twice at once starts one session. */
    async useSecondStep(db: Queryable, id: string, now: Date): Promise<boolean> {
      const rows = await db.query(
        `update ${t.secondSteps} set used_at = $2 where id_hash = $1 and used_at is null and expires_at > $2 returning 1`,
        [hashSecret(id), now],
      );
      return rows.length === 1;
    },
  };
});

/** A realm's second factors and second steps, for the staff's side (the plain exports are the applicants'). */
export const secondFactorsIn = (realm: Realm) => ({ ...factorsIn(realm), ...secondStepsIn(realm) });

export const {
  secondStepCookieOf,
  setSecondStepCookie,
  clearSecondStepCookie,
  startSecondStep,
  liveSecondStep,
  useSecondStep,
} = secondStepsIn(applicantRealm);

// The desk's removal -----------------------------------------------------------------------------------------

export interface Removed {
  authenticatorApp: boolean;
  recoveryCodes: number;
  passkeys: number;
  /** Sessions ended. */
  sessions: number;
}

/**
 * What the desk runs for an applicant who lost every second factor, after checking who they are
 * (docs/operations.md#a-lost-second-factor; `npm run second-factors:remove`): the app, its recovery codes and the
 * passkeys go, and the credential version moves on, which ends the account's sessions, second steps and
 * pending links as a password change does. One transaction under the account's row lock. Undefined when no
 * account has the address.
 */
export async function removeSecondFactors(
  db: Database,
  deps: Deps,
  email: string,
): Promise<Removed | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      'select id::text as id from accounts where lower(email) = lower($1) for update',
      [email],
    );
    const accountId = rows[0]?.id;
    if (!accountId) return undefined;
    const count = async (sql: string) => (await tx.query(`${sql} returning 1`, [accountId])).length;
    const authenticatorApp =
      (await count('delete from authenticator_apps where account_id = $1 and on_since is not null')) > 0;
    await count('delete from authenticator_apps where account_id = $1');
    const recoveryCodes = await count('delete from recovery_codes where account_id = $1 and used_at is null');
    await count('delete from recovery_codes where account_id = $1');
    const passkeys = await count('delete from passkeys where account_id = $1');
    await tx.query(
      `update accounts set credential_version = credential_version + 1, updated_at = $2,
              second_factor_failures = 0, second_factor_retry_at = null
        where id = $1`,
      [accountId, deps.clock.now()],
    );
    const sessions = await endCredentials(tx, deps, accountId);
    return { authenticatorApp, recoveryCodes, passkeys, sessions };
  });
}
