// The authenticator app of an account in the database (`authenticator_apps`, migration 8): a set-up under way,
// turning it on with a first code, the codes of sign-ins, turning it off (docs/security.md#second-factor).
// Every code is accepted by the statement that records its step: of two requests with one code, one wins.
import type { Queryable } from '../platform/db.ts';
import { applicantRealm, perRealm, type Realm } from './realm.ts';
import { matchTotp } from './totp.ts';

/** A set-up lasts this long from startAuthenticatorAppSetup (openapi.yaml: ten minutes). */
export const SETUP_LIFETIME_MS = 10 * 60 * 1000;

type AppRow = {
  secret: string;
  setup_started_at: Date | string;
  on_since: Date | string | null;
  last_step: number | string | null;
};

export interface AuthenticatorAppState {
  secret: string;
  setupStartedAt: Date;
  /** Null while the set-up is under way. */
  onSince: Date | null;
  /** The last accepted time step (a code at or before it is refused); null before the first. */
  lastStep: number | null;
}

const toState = (row: AppRow): AuthenticatorAppState => ({
  secret: row.secret,
  setupStartedAt: new Date(row.setup_started_at),
  onSince: row.on_since === null ? null : new Date(row.on_since),
  lastStep: row.last_step === null ? null : Number(row.last_step),
});

export type TurnOnOutcome = 'on' | 'wrongCode' | 'noSetup' | 'alreadyOn';

/** The authenticator apps of one realm (realm.ts); the plain exports below are the applicants'. */
export const authenticatorAppsIn = perRealm((realm: Realm) => {
  const table = realm.tables.authenticatorApps;

  /** The account's app row (on, or a set-up started), if any. */
  async function authenticatorAppOf(
    db: Queryable,
    accountId: string,
    { forUpdate = false } = {},
  ): Promise<AuthenticatorAppState | undefined> {
    const rows = await db.query<AppRow>(
      `select secret, setup_started_at, on_since, last_step from ${table} where account_id = $1${
        forUpdate ? ' for update' : ''
      }`,
      [accountId],
    );
    return rows[0] && toState(rows[0]);
  }

  /**
   * Starts (or starts again) a set-up with a new secret: false, and nothing written, when the app is on. A
   * set-up's secret replaces the one of any set-up under way, so only the newest QR code works.
   */
  async function startSetup(db: Queryable, accountId: string, secret: string, now: Date): Promise<boolean> {
    const rows = await db.query(
      `insert into ${table} (account_id, secret, setup_started_at, on_since, last_step)
       values ($1, $2, $3, null, null)
       on conflict (account_id) do update
         set secret = excluded.secret, setup_started_at = excluded.setup_started_at, last_step = null
         where ${table}.on_since is null
       returning 1`,
      [accountId, secret, now],
    );
    return rows.length === 1;
  }

  /**
   * Turns the app on with a first code of the set-up's secret, within SETUP_LIFETIME_MS of its start. In the
   * caller's transaction (the recovery codes and the notice go with it); the row is locked first, so of two
   * requests one turns it on and the other finds it on.
   */
  async function turnOn(tx: Queryable, accountId: string, code: string, now: Date): Promise<TurnOnOutcome> {
    const app = await authenticatorAppOf(tx, accountId, { forUpdate: true });
    if (app?.onSince) return 'alreadyOn';
    if (!app || app.setupStartedAt.getTime() + SETUP_LIFETIME_MS <= now.getTime()) return 'noSetup';
    const step = matchTotp(app.secret, code, now, app.lastStep);
    if (step === undefined) return 'wrongCode';
    await tx.query(
      `update ${table} set on_since = $2, last_step = $3 where account_id = $1 and on_since is null`,
      [accountId, now, step],
    );
    return 'on';
  }

  /**
   * Accepts a code of the account's app (on) for a sign-in: true once per step. The step is recorded by the
   * statement that checks it is later than the last accepted one, so a code seen over a shoulder, or sent
   * twice at once, is refused within its window (docs/security.md#second-factor).
   */
  async function acceptCode(db: Queryable, accountId: string, code: string, now: Date): Promise<boolean> {
    const app = await authenticatorAppOf(db, accountId);
    if (!app?.onSince) return false;
    const step = matchTotp(app.secret, code, now, app.lastStep);
    if (step === undefined) return false;
    const rows = await db.query(
      `update ${table} set last_step = $3
        where account_id = $1 and on_since is not null and secret = $2 and (last_step is null or last_step < $3)
        returning 1`,
      [accountId, app.secret, step],
    );
    return rows.length === 1;
  }

  /** Turns the app off (its row goes); false when it was not on. In the caller's transaction. */
  async function turnOff(tx: Queryable, accountId: string): Promise<boolean> {
    const rows = await tx.query(
      `delete from ${table} where account_id = $1 and on_since is not null returning 1`,
      [accountId],
    );
    return rows.length === 1;
  }

  return { authenticatorAppOf, startSetup, turnOn, acceptCode, turnOff };
});

export const { authenticatorAppOf, startSetup, turnOn, acceptCode, turnOff } =
  authenticatorAppsIn(applicantRealm);
