// One small database interface over two engines: PGlite (embedded, file-backed) and PostgreSQL (pg pool).
// The same SQL and the same migrations run on both.
import { closeSync, existsSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrations } from './migrations.ts';
import { DurableNodeFS, durableParams, flushStart, type StorageFault } from './pgliteFolder.ts';

export type Row = Record<string, unknown>;

export interface Queryable {
  /**
   * `name` (PostgreSQL only; PGlite ignores it): a prepared statement, parsed and planned once per connection
   * instead of at every call, for a statement run on every request (the session check). One name, one text.
   */
  query<T extends Row = Row>(sql: string, params?: unknown[], name?: string): Promise<T[]>;
  /**
   * Runs fn once what was written through this Queryable is visible to other connections: after the commit
   * inside a transaction (never after a rollback), at once outside one.
   */
  afterCommit?(fn: () => void): void;
  /**
   * PGlite only, outside a transaction: a count that moves whenever a statement may have changed which
   * sessions are live (see mayChangeSessions), before the statement runs and again once it has run (after the
   * commit, in a transaction). PGlite serves this process alone, so no other process writes its tables: a
   * read of sessions and accounts taken while the count stood at n still holds while it stands at n
   * (sessions.ts keeps the session check's answers on that condition; docs/security.md#credential-version).
   */
  sessionWrites?(): number;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolls back when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: the error that broke its storage (a read-only or full folder), after which it answers
   * nothing: every call fails at once, and close() does not touch it (docs/operations.md#health-and-metrics).
   */
  readonly storageFailure?: Error | undefined;
  /** PGlite on disk only: its folder (readiness checks the room left in it). */
  readonly dataDir?: string | undefined;
  /** PostgreSQL only: the pool's connections (PGlite has one, in the process). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** Thrown instead of calling a PGlite whose storage failed: the process must restart. */
export class StorageFailedError extends Error {
  constructor(cause: Error) {
    super(`the embedded database's storage failed, the server must restart: ${cause.message}`, { cause });
  }
}

/**
 * A PGlite error that means its files can no longer be written. PostgreSQL itself would PANIC and restart on
 * the first (a WAL write that failed); PGlite instead spins in its WebAssembly on the next statement, the
 * event loop blocked, requests and SIGTERM unanswered (found with a loop-mounted ext4 forced read-only: see
 * test/faults/storage.test.ts). So the first one is the last call it gets.
 */
export function isStorageFailure(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === '53100' || // disk_full
    code === '58030' || // io_error
    /read-only file system|no space left on device|could not (write|extend|fsync|open) (to )?(log )?file/i.test(
      error.message,
    )
  );
}

/** PostgreSQL's unique_violation: the unique index on lower(email) refused a second account. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * The tables whose rows decide whether a session is live and what the session check answers: the staff's too
 * (a role changed, an account removed or a second factor added is seen by the next check:
 * docs/security.md#staff).
 */
const SESSION_TABLES = new Set([
  'sessions',
  'accounts',
  'staff_sessions',
  'staff_accounts',
  // A staff session check also answers whether the account holds a second factor (account/realm.ts).
  'staff_passkeys',
  'staff_authenticator_apps',
]);
const PLAIN_STATEMENT = /^\s*(?:select|with|insert|update|delete|begin|commit|rollback)\b/i;
const WRITE_TARGET =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?/gi;

/**
 * Whether a statement may write sessions or accounts: true unless it is a select, insert, update or delete
 * (a `with` included) none of whose targets is one of them. Anything else (a DDL statement, TRUNCATE, DO, a
 * script) counts as a write: a wrong "no" would keep a revoked session alive, a wrong "yes" costs one query.
 * The database has no triggers or functions that write; cascades start from accounts, which is watched.
 */
export function mayChangeSessions(sql: string): boolean {
  if (!PLAIN_STATEMENT.test(sql)) return true;
  for (const [, table] of sql.matchAll(WRITE_TARGET))
    if (SESSION_TABLES.has(table!.toLowerCase())) return true;
  return false;
}

/** The callbacks a transaction's afterCommit collected, run once it has committed. */
function runAll(callbacks: (() => void)[]): void {
  for (const fn of callbacks) fn();
}

const probeByte = Buffer.from('.');

class PgliteDatabase implements Database {
  readonly engine = 'pglite' as const;
  storageFailure: Error | undefined;
  private readonly db: PGlite;
  private readonly onStorageFailure: (error: Error) => void;
  readonly dataDir: string | undefined;
  constructor(db: PGlite, onStorageFailure: (error: Error) => void, dataDir: string | undefined) {
    this.db = db;
    this.onStorageFailure = onStorageFailure;
    this.dataDir = dataDir;
  }
  /** Runs a call into PGlite unless its storage has failed; a storage error marks it failed for good. */
  private async guard<T>(call: () => Promise<T>): Promise<T> {
    if (this.storageFailure) throw new StorageFailedError(this.storageFailure);
    try {
      return await call();
    } catch (error) {
      if (isStorageFailure(error) && !this.storageFailure) {
        this.storageFailure = error;
        this.onStorageFailure(error);
      }
      throw error;
    }
  }
  private sessionWriteCount = 0;
  sessionWrites(): number {
    return this.sessionWriteCount;
  }
  async query<T extends Row = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    const writes = mayChangeSessions(sql);
    if (writes) this.sessionWriteCount += 1;
    try {
      return await this.guard(async () => (await this.db.query<T>(sql, params)).rows);
    } finally {
      if (writes) this.sessionWriteCount += 1;
    }
  }
  afterCommit(fn: () => void): void {
    fn();
  }
  /**
   * A transaction's COMMIT on storage that has turned read-only does not fail in PGlite: it spins, the event
   * loop blocked (found with test/faults/storage.test.ts; a lone statement fails first, see isStorageFailure).
   * So before its COMMIT each transaction rewrites one byte of a probe file in DATA_DIR (pwrite(2) into the
   * page cache, about a microsecond, no thread pool, no fsync: a file system forced read-only answers EROFS;
   * access(2) does not see that state), and a storage error inside the transaction never reaches
   * PGlite's own catch, which would send ROLLBACK, the next statement. Either way the failure never settles
   * for PGlite (its transaction stays open, its lock held; nothing reaches PGlite past the guard), while the
   * caller gets the error at once and its request is answered. The probe does not see every fault: after an
   * ext4 error the kernel may still take the write into its cache, and only the COMMIT's flush fails; that
   * failure, inside PGlite, ends the process at once (pgliteFolder.ts, onStorageFault).
   */
  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const committed: (() => void)[] = [];
    let failed!: (error: Error) => void;
    const storageFailed = new Promise<never>((_resolve, reject) => (failed = reject));
    const never = new Promise<never>(() => undefined);
    let wroteSessions = false;
    const result = await this.guard(() => {
      this.assertWritable();
      return Promise.race([
        this.db.transaction(async (tx) => {
          const value = await fn({
            query: async <R extends Row = Row>(sql: string, params: unknown[] = []) => {
              if (mayChangeSessions(sql)) {
                wroteSessions = true;
                this.sessionWriteCount += 1;
              }
              try {
                return (await tx.query<R>(sql, params)).rows;
              } catch (error) {
                if (!isStorageFailure(error)) throw error;
                failed(error);
                return never;
              }
            },
            afterCommit: (callback) => committed.push(callback),
          });
          try {
            this.assertWritable();
          } catch (error) {
            failed(error as Error);
            return never;
          }
          return value;
        }),
        storageFailed,
      ]);
    }).finally(() => {
      // Committed or rolled back: either way a read taken before now may be stale.
      if (wroteSessions) this.sessionWriteCount += 1;
    });
    runAll(committed);
    return result;
  }
  private probe: number | undefined;
  /** Throws the kernel's EROFS (a storage failure) when DATA_DIR can no longer be written. */
  private assertWritable(): void {
    if (!this.dataDir) return;
    this.probe ??= openSync(join(this.dataDir, '.write-probe'), 'w');
    writeSync(this.probe, probeByte, 0, 1, 0);
  }
  async exec(sql: string): Promise<void> {
    this.sessionWriteCount += 1;
    try {
      await this.guard(() => this.db.exec(sql));
    } finally {
      this.sessionWriteCount += 1;
    }
  }
  private closing: Promise<void> | undefined;
  /** Idempotent: a forced exit may call it while a graceful stop is closing. */
  close(): Promise<void> {
    // A failed storage: closing would spin (see isStorageFailure); what was committed is in the WAL.
    if (this.storageFailure) return Promise.resolve();
    if (this.probe !== undefined) closeSync(this.probe);
    this.probe = undefined;
    this.closing ??= this.db.closed ? Promise.resolve() : this.db.close();
    return this.closing;
  }
  dump(): Promise<Blob> {
    return this.db.dumpDataDir('none');
  }
}

/**
 * A PostgreSQL restart (or a dropped connection) must cost the requests in flight, not the process: the pool
 * and every client it lends out have an `error` listener (an `error` event without one ends Node), and a
 * client that failed is destroyed rather than returned to the pool, so the next request reconnects.
 */
class PostgresDatabase implements Database {
  readonly engine = 'postgres' as const;
  private readonly pool: pg.Pool;
  private readonly onError: (error: Error) => void;
  constructor(pool: pg.Pool, onError: (error: Error) => void) {
    this.pool = pool;
    this.onError = onError;
    pool.on('error', (error) => onError(error));
  }
  async query<T extends Row = Row>(sql: string, params: unknown[] = [], name?: string): Promise<T[]> {
    return (
      await this.pool.query<T>(name ? { name, text: sql, values: params } : { text: sql, values: params })
    ).rows;
  }
  afterCommit(fn: () => void): void {
    fn();
  }
  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    const listener = (error: Error) => {
      broken = error;
      this.onError(error);
    };
    client.on('error', listener);
    const committed: (() => void)[] = [];
    try {
      await client.query('begin');
      const result = await fn({
        query: async <R extends Row = Row>(sql: string, params: unknown[] = [], name?: string) =>
          (await client.query<R>(name ? { name, text: sql, values: params } : { text: sql, values: params }))
            .rows,
        afterCommit: (callback) => committed.push(callback),
      });
      await client.query('commit');
      runAll(committed);
      return result;
    } catch (error) {
      await client.query('rollback').catch((rollbackError: unknown) => {
        broken ??= rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw error;
    } finally {
      client.removeListener('error', listener);
      client.release(broken);
    }
  }
  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }
  poolStats(): { total: number; idle: number; waiting: number } {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
  }
  private closing: Promise<void> | undefined;
  /** Idempotent: a forced exit may call it while a graceful stop is closing. */
  close(): Promise<void> {
    this.closing ??= this.pool.end();
    return this.closing;
  }
}

export interface OpenOptions {
  /** A postgres:// URL; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or 'memory://'. */
  dataDir?: string;
  /** PostgreSQL only: a schema to create and use (tests isolate themselves this way). */
  schema?: string;
  poolSize?: number;
  /** PostgreSQL only: told of a connection that failed outside a query (a restart); the pool reconnects. */
  onError?: (error: Error) => void;
  /** PGlite only: start from this data directory dump (see dumpDatabase) instead of a fresh initdb. */
  template?: Blob;
  /** PGlite only: told once when its storage fails (main.ts stops the process; a supervisor restarts it). */
  onStorageFailure?: (error: Error) => void;
  /**
   * PGlite on disk only: a write or flush inside PGlite failed on a folder that takes no more writes, where
   * PostgreSQL would PANIC (pgliteFolder.ts). Must end the process; by default it says why on stderr, exit 1.
   */
  onStorageFault?: StorageFault;
}

const exitOnStorageFault: StorageFault = (error) => {
  console.error(`the embedded database cannot write its folder: ${error.message}; exit 1`);
  process.exit(1);
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  let db: Database;
  if (options.databaseUrl) {
    const extra: pg.PoolConfig = {};
    if (options.schema) {
      if (!/^[a-z_][a-z0-9_]*$/.test(options.schema)) throw new Error(`bad schema name ${options.schema}`);
      const setup = new pg.Client({ connectionString: options.databaseUrl });
      setup.on('error', () => undefined); // a failure surfaces as the query's rejection below
      await setup.connect();
      try {
        await setup.query(`create schema if not exists ${options.schema}`);
      } finally {
        await setup.end();
      }
      extra.options = `-c search_path=${options.schema}`;
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...extra,
    });
    db = new PostgresDatabase(
      pool,
      options.onError ??
        ((error) => console.error(`PostgreSQL connection lost (the pool reconnects): ${error.message}`)),
    );
  } else {
    const dataDir = options.dataDir ?? 'memory://';
    const onStorageFailure = options.onStorageFailure ?? (() => undefined);
    // Imported only here: a server on PostgreSQL never loads the embedded engine.
    const { PGlite } = await import('@electric-sql/pglite');
    // PGlite's own settings plus a smaller buffer cache: its 128 MB default lives in the process's
    // WebAssembly memory, resident once touched (a separate PostgreSQL keeps it out of the server's RSS). A
    // site's tables are a few megabytes and the data files stay in the operating system's page cache anyway;
    // 16 MB takes the settled RSS of a bare PGlite from about 325 to 205 MB (npm run bench:memory,
    // docs/operations.md#benchmarks).
    const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
    const template = { ...(options.template ? { loadDataDir: options.template } : {}), ...byteaAsBinary };
    if (dataDir.startsWith('memory://')) {
      db = new PgliteDatabase(
        await PGlite.create(dataDir, { startParams, ...template }),
        onStorageFailure,
        undefined,
      );
    } else {
      mkdirSync(dataDir, { recursive: true });
      // PGlite's own test for a folder to make (initdb) rather than open.
      const created = Boolean(options.template) || !existsSync(join(dataDir, 'PG_VERSION'));
      const pglite = await PGlite.create({
        fs: new DurableNodeFS(dataDir, options.onStorageFault ?? exitOnStorageFault),
        startParams: [...startParams, ...durableParams],
        ...template,
      });
      flushStart(dataDir, created);
      db = new PgliteDatabase(pglite, onStorageFailure, dataDir);
    }
  }
  await migrate(db);
  return db;
}

/** PostgreSQL's type id of bytea. */
const BYTEA = 17;

/**
 * bytea to and from PGlite without a loop over its bytes in JavaScript. PGlite's own serializer sends bytea as
 * hex text built from one string per byte (`Array.from(bytes).map(b => b.toString(16).padStart(2, '0'))`),
 * whose UTF-8 length its protocol writer then counts a character at a time, and its parser calls parseInt per
 * byte: storing ten 10 MB uploads cost the event loop about 14 s of CPU and a few hundred MB of short-lived
 * strings (npm run bench:uploads, docs/operations.md#upload-figures). A Uint8Array a serializer returns as it
 * is goes as a binary parameter (copied once into the message); answers, which PGlite reads as text, are
 * decoded from hex natively, and still come back as Uint8Array.
 */
const byteaAsBinary = {
  serializers: {
    [BYTEA]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
      // PGlite's type says a string; its protocol writer sends a view as a binary parameter.
      return value as unknown as string;
    },
  },
  parsers: {
    [BYTEA]: (text: string) => {
      const bytes = Buffer.from(text.slice(2), 'hex');
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  },
};

/** PGlite only: the data directory as an uncompressed tarball, to start other databases from it. */
export async function dumpDatabase(db: Database): Promise<Blob> {
  if (!(db instanceof PgliteDatabase)) throw new Error('only an embedded database can be dumped');
  return db.dump();
}

/** Applies the migrations not yet applied, one transaction each, under an advisory lock (several servers). */
export async function migrate(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(72740401)');
    await tx.query(
      'create table if not exists schema_migrations (id integer primary key, name text not null, applied_at timestamptz not null default now())',
    );
    // What GET /api/health/ready writes to (one row, overwritten).
    await tx.query(
      'create table if not exists health_probe (id integer primary key, at timestamptz not null)',
    );
  });
  for (const migration of migrations) {
    await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(72740401)');
      const done = await tx.query('select 1 from schema_migrations where id = $1', [migration.id]);
      if (done.length > 0) return;
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('insert into schema_migrations (id, name) values ($1, $2)', [
        migration.id,
        migration.name,
      ]);
    });
  }
}
