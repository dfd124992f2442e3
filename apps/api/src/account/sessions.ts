// Sessions in the database: started at sign-in, live while used, ended by sign-out or a credential change
// (docs/security.md#session-timeout, docs/security.md#credential-version). Only a session id's hash is stored.
// Written once for both realms (realm.ts): `sessionsIn(staffRealm)` reads the staff's tables, the plain
// exports below are the applicants'.
import { toAccount, type Account, type AccountRow, type Deps } from './accounts.ts';
import type { Queryable } from '../platform/db.ts';
import { hashSecret, newSecret } from '../platform/secrets.ts';
import { applicantRealm, perRealm, type Realm } from './realm.ts';
import { endAccountLinks } from './tokens.ts';

/** When a live session ends: `expiresAt` is the sooner of the idle end and `absoluteExpiresAt`. */
export interface SessionTimes {
  expiresAt: Date;
  absoluteExpiresAt: Date;
}

export interface LiveSession {
  account: Account;
  times: SessionTimes;
  /** The session's sign-in or last confirmation (docs/security.md#recent-sign-in). */
  confirmedAt: Date;
  /** The realm's own account columns (Realm.accountColumns), as read with the session: the staff's role. */
  details: Record<string, unknown>;
}

/** The times in milliseconds since the epoch: a number the client reads as it is, not a date string to parse. */
type LiveSessionRow = AccountRow & {
  last_used_at: number;
  expires_at: number;
  confirmed_at: number;
  [column: string]: unknown;
};

/** The session check's last answers on PGlite, by session id hash, with the write count they were read at. */
interface CachedRow {
  writes: number;
  row: LiveSessionRow;
  lastUsedAt: number;
  expiresAt: number;
}
/** Live sessions checked since the last write; past it the map starts afresh (a bound, not an eviction policy). */
const CACHED_ROWS_MAX = 10_000;

/** A check waiting for its batch's statement. */
interface WaitingCheck {
  idHash: string;
  resolve(row: LiveSessionRow | undefined): void;
  reject(error: unknown): void;
}
/** A bound on one statement's ids (a flood of made-up cookies); past it the next checks start another batch. */
const BATCH_MAX = 100;

/** The sessions of one realm. */
export const sessionsIn = perRealm((realm: Realm) => {
  const { sessions, accounts } = realm.tables;
  const cachedRows = new WeakMap<Queryable, Map<string, CachedRow>>();
  /** The batch still gathering checks, per database; gone once its statement is sent. */
  const gathering = new WeakMap<Queryable, WaitingCheck[]>();

  // The statements of liveSession ($1 the id's hash, $2 now, $3 now minus the idle time), each a named prepared
  // statement on PostgreSQL: one text per name.
  const LIVE = `s.id_hash = $1 and s.revoked_at is null and s.expires_at > $2 and s.last_used_at > $3`;
  const ms = (column: string) => `(extract(epoch from s.${column}) * 1000)::float8 as ${column}`;
  const COLUMNS = `a.id::text as id, a.email, a.password_hash, a.credential_version${realm.accountColumns}, ${ms('last_used_at')}, ${ms('expires_at')}, ${ms('confirmed_at')}`;
  const JOIN = `join ${accounts} a on a.id = s.account_id and a.credential_version = s.credential_version ${realm.liveAccount}`;
  const CHECK_SESSION = `select ${COLUMNS}
  from ${sessions} s ${JOIN}
 where ${LIVE}`;
  /** The checks of one batch (see readSessions): the sessions by id hash, times checked in JavaScript. */
  const CHECK_SESSIONS = `select s.id_hash, ${COLUMNS}
  from ${sessions} s ${JOIN}
 where s.id_hash = any($1::text[]) and s.revoked_at is null`;
  const EXTEND_SESSION = `update ${sessions} s set last_used_at = $2 from ${accounts} a
 where a.id = s.account_id and a.credential_version = s.credential_version ${realm.liveAccount} and ${LIVE}
 returning ${COLUMNS}`;
  const named = (name: string) => `${realm.prefix}${name}`;

  /** The session's id (the cookie value), or undefined when the account is not (or no longer) at the version. */
  async function insertSession(
    db: Queryable,
    deps: Deps,
    accountId: string,
    credentialVersion: number | null,
  ): Promise<string | undefined> {
    const id = newSecret();
    const now = deps.clock.now();
    const rows = await db.query(
      `insert into ${sessions} (id_hash, account_id, created_at, last_used_at, confirmed_at, expires_at, credential_version)
       select $1, a.id, $3, $3, $3, $4, a.credential_version from ${accounts} a
        where a.id = $2 and ($5::integer is null or a.credential_version = $5) ${realm.liveAccount}
       returning 1`,
      [
        hashSecret(id),
        accountId,
        now,
        new Date(now.getTime() + realm.lifetimes(deps.config).session),
        credentialVersion,
      ],
    );
    return rows.length === 1 ? id : undefined;
  }

  /**
   * The session row of a check that does not extend, on PostgreSQL (no write count: every check asks the
   * database). Checks that arrive in the same turn of the event loop share one statement, sent once that turn's
   * input has been read (setImmediate): each is answered by a statement sent after it arrived, so a revocation
   * committed before a check arrives is seen by it, as with a statement of its own. A batch already sent never
   * takes a later check. One round trip for several checks under load: the socket write and read, not the
   * statement, are most of what a check costs this process.
   */
  function readSession(db: Queryable, idHash: string): Promise<LiveSessionRow | undefined> {
    let batch = gathering.get(db);
    if (!batch || batch.length >= BATCH_MAX) {
      const started: WaitingCheck[] = [];
      batch = started;
      gathering.set(db, started);
      setImmediate(() => {
        if (gathering.get(db) === started) gathering.delete(db);
        void sendBatch(db, started);
      });
    }
    return new Promise((resolve, reject) => batch.push({ idHash, resolve, reject }));
  }

  async function sendBatch(db: Queryable, batch: WaitingCheck[]): Promise<void> {
    try {
      const rows = await db.query<LiveSessionRow & { id_hash: string }>(
        CHECK_SESSIONS,
        [[...new Set(batch.map((check) => check.idHash))]],
        named('session-check-batch'),
      );
      const byHash = new Map(rows.map((row) => [row.id_hash, row]));
      for (const check of batch) check.resolve(byHash.get(check.idHash));
    } catch (error) {
      for (const check of batch) check.reject(error);
    }
  }

  function toLiveSession(row: LiveSessionRow, deps: Deps): LiveSession {
    const absoluteExpiresAt = new Date(row.expires_at);
    const idleEnd = row.last_used_at + realm.lifetimes(deps.config).sessionIdle;
    return {
      account: toAccount(row),
      times: { expiresAt: new Date(Math.min(idleEnd, absoluteExpiresAt.getTime())), absoluteExpiresAt },
      confirmedAt: new Date(row.confirmed_at),
      details: row,
    };
  }

  return {
    /** Starts a session (provider states, fixtures and scripts: no password was checked) and returns its id. */
    async createSession(db: Queryable, deps: Deps, accountId: string): Promise<string> {
      const id = await insertSession(db, deps, accountId, null);
      if (!id) throw new Error(`no ${realm.name} account ${accountId}`);
      return id;
    },

    /**
     * Starts a session only if the account is still at `credentialVersion` (the version read before the password
     * was hashed), checked by the statement that creates it: undefined, and no session, when the password or
     * address changed meanwhile (docs/security.md#credential-version).
     */
    createSessionIfUnchanged(
      db: Queryable,
      deps: Deps,
      accountId: string,
      credentialVersion: number,
    ): Promise<string | undefined> {
      return insertSession(db, deps, accountId, credentialVersion);
    },

    /**
     * The account of a live session; undefined for an unknown, revoked or expired one. A session is live until
     * its absolute end (`expires_at`) and until the idle time has passed since its last use
     * (docs/security.md#session-timeout). `extend` (the applicant's own calls) makes now its last use; a read
     * that does not extend (the app's periodic check) leaves it (the idle end does not move).
     *
     * On PGlite a read that does not extend answers from the row it read last time as long as no statement
     * that may write sessions or accounts has run since (db.ts sessionWrites: PGlite serves this process
     * alone, so every revocation passes through it); the times are checked against now again. PostgreSQL,
     * which other instances write, is asked every time: revocation is immediate on every instance.
     */
    async liveSession(
      db: Queryable,
      deps: Deps,
      sessionId: string,
      { extend }: { extend: boolean },
    ): Promise<LiveSession | undefined> {
      const now = deps.clock.now();
      const idleSince = new Date(now.getTime() - realm.lifetimes(deps.config).sessionIdle);
      const idHash = hashSecret(sessionId);
      const writes = extend ? undefined : db.sessionWrites?.();
      let cache: Map<string, CachedRow> | undefined;
      if (writes !== undefined) {
        cache = cachedRows.get(db);
        if (!cache) cachedRows.set(db, (cache = new Map()));
        const cached = cache.get(idHash);
        if (cached && cached.writes === writes) {
          if (cached.expiresAt > now.getTime() && cached.lastUsedAt > idleSince.getTime())
            return toLiveSession(cached.row, deps);
          return undefined;
        }
      }
      if (!extend && writes === undefined) {
        const row = await readSession(db, idHash);
        return row && row.expires_at > now.getTime() && row.last_used_at > idleSince.getTime()
          ? toLiveSession(row, deps)
          : undefined;
      }
      const rows = await db.query<LiveSessionRow>(
        extend ? EXTEND_SESSION : CHECK_SESSION,
        [idHash, now, idleSince],
        named(extend ? 'session-extend' : 'session-check'),
      );
      const row = rows[0];
      if (cache) {
        // Only a row read with no write begun or ended meanwhile; unknown ids are not kept (anyone can send them).
        if (cache.size >= CACHED_ROWS_MAX || db.sessionWrites?.() !== writes) cache.clear();
        else if (row)
          cache.set(idHash, {
            writes: writes!,
            row,
            lastUsedAt: row.last_used_at,
            expiresAt: row.expires_at,
          });
      }
      return row ? toLiveSession(row, deps) : undefined;
    },

    /** The account proved again who they are (docs/security.md#recent-sign-in): the session is confirmed at `at`. */
    async setSessionConfirmed(db: Queryable, sessionId: string, at: Date): Promise<void> {
      await db.query(`update ${sessions} set confirmed_at = $2 where id_hash = $1`, [
        hashSecret(sessionId),
        at,
      ]);
    },

    /** Provider states and tests only: the session's last use was at `at` (an idle session without waiting for it). */
    async setSessionLastUse(db: Queryable, sessionId: string, at: Date): Promise<void> {
      await db.query(`update ${sessions} set last_used_at = $2 where id_hash = $1`, [
        hashSecret(sessionId),
        at,
      ]);
    },

    async revokeSession(db: Queryable, deps: Deps, sessionId: string): Promise<void> {
      await db.query(`update ${sessions} set revoked_at = $2 where id_hash = $1 and revoked_at is null`, [
        hashSecret(sessionId),
        deps.clock.now(),
      ]);
    },

    /** Revokes every live session of the account; returns how many there were. */
    async revokeAllSessions(db: Queryable, deps: Deps, accountId: string): Promise<number> {
      const rows = await db.query(
        `update ${sessions} set revoked_at = $2 where account_id = $1 and revoked_at is null and expires_at > $2 returning 1`,
        [accountId, deps.clock.now()],
      );
      return rows.length;
    },
  };
});

export const {
  createSession,
  createSessionIfUnchanged,
  liveSession,
  setSessionConfirmed,
  setSessionLastUse,
  revokeSession,
  revokeAllSessions,
} = sessionsIn(applicantRealm);

/**
 * Ends what the old credentials opened: every session of the account and every pending reset and
 * e-mail-change link. (The raised credential version already makes them dead; this records it.)
 */
export async function endCredentials(db: Queryable, deps: Deps, accountId: string): Promise<number> {
  const sessions = await revokeAllSessions(db, deps, accountId);
  await endAccountLinks(db, deps, accountId);
  return sessions;
}
