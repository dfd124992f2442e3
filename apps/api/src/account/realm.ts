// Whose accounts a query reads: the applicants' (their tables since migration 1) or the staff's (migration 13,
// docs/security.md#staff). Each realm has tables and cookies of its own, so that no query of one can ever
// return a row of the other; the account machinery (sessions, second steps, the authenticator app, recovery
// codes, passkeys, consecutive code failures) is written once and reads its realm's tables, which share their
// columns (`account_id` is the realm's account). The staff side takes a module's `…In(staffRealm)`; the
// module's plain exports are the applicants'.
import type { Config } from '../platform/config.ts';

export interface RealmTables {
  accounts: string;
  sessions: string;
  secondSteps: string;
  passkeys: string;
  challenges: string;
  authenticatorApps: string;
  recoveryCodes: string;
}

export interface Realm {
  readonly name: 'applicant' | 'staff';
  readonly tables: RealmTables;
  /** The cookies' names, before the `__Host-` prefix they take over https (services.ts). */
  readonly cookies: { session: string; secondStep: string; challenge: string };
  /** The session cookie's SameSite: the applicant follows a mail's link signed in; staff never need to. */
  readonly sameSite: 'lax' | 'strict';
  /** A session's absolute and idle lifetimes, in milliseconds (docs/security.md#session-timeout). */
  lifetimes(config: Config): { session: number; sessionIdle: number };
  /** Every account must hold a second factor: REQUIRE_SECOND_FACTOR for applicants, always for staff. */
  requiresSecondFactor(config: Config): boolean;
  /**
   * A condition on the account (alias `a`) that every live session, second step and sign-in needs beyond the
   * credential version: '' for applicants, "not removed" for staff (docs/security.md#staff).
   */
  readonly liveAccount: string;
  /** Prepended to its rate-limit keys and prepared statements' names: '' for applicants. */
  readonly prefix: string;
  /** Columns of the account (alias `a`) a live session reads beyond the base ones, each after a comma. */
  readonly accountColumns: string;
}

export const applicantRealm: Realm = {
  name: 'applicant',
  tables: {
    accounts: 'accounts',
    sessions: 'sessions',
    secondSteps: 'second_steps',
    passkeys: 'passkeys',
    challenges: 'webauthn_challenges',
    authenticatorApps: 'authenticator_apps',
    recoveryCodes: 'recovery_codes',
  },
  cookies: {
    session: 'pre_admission_session',
    secondStep: 'pre_admission_second_step',
    challenge: 'pre_admission_challenge',
  },
  sameSite: 'lax',
  lifetimes: (config) => ({ session: config.lifetimes.session, sessionIdle: config.lifetimes.sessionIdle }),
  requiresSecondFactor: (config) => config.requireSecondFactor,
  liveAccount: '',
  prefix: '',
  accountColumns: '',
};

export const staffRealm: Realm = {
  name: 'staff',
  tables: {
    accounts: 'staff_accounts',
    sessions: 'staff_sessions',
    secondSteps: 'staff_second_steps',
    passkeys: 'staff_passkeys',
    challenges: 'staff_webauthn_challenges',
    authenticatorApps: 'staff_authenticator_apps',
    recoveryCodes: 'staff_recovery_codes',
  },
  cookies: {
    session: 'pre_admission_staff_session',
    secondStep: 'pre_admission_staff_second_step',
    challenge: 'pre_admission_staff_challenge',
  },
  sameSite: 'strict',
  lifetimes: (config) => ({
    session: config.lifetimes.staffSession,
    sessionIdle: config.lifetimes.staffSessionIdle,
  }),
  requiresSecondFactor: () => true,
  liveAccount: 'and a.removed_at is null and a.password_hash is not null',
  prefix: 'staff-',
  // The role and its reference, and whether the account holds a second factor, read with every session check:
  // never the session's copy (docs/security.md#staff).
  accountColumns: `, a.role, a.office_id, a.teacher_id,
    (exists (select 1 from staff_passkeys p where p.account_id = a.id)
      or exists (select 1 from staff_authenticator_apps t where t.account_id = a.id and t.on_since is not null))
      as has_second_factor`,
};

/** One value per realm, made when first asked (a module's realm-bound functions and their caches). */
export function perRealm<T>(make: (realm: Realm) => T): (realm: Realm) => T {
  const made = new Map<Realm, T>();
  return (realm) => {
    let value = made.get(realm);
    if (value === undefined) made.set(realm, (value = make(realm)));
    return value;
  };
}
