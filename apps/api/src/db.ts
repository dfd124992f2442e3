// One small database interface over two engines: PGlite (embedded, file-backed) and PostgreSQL (pg pool).
// The same SQL and the same migrations run on both.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrations } from './migrations.ts';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolls back when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL's unique_violation: the unique index on lower(email) refused a second account. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

class PgliteDatabase implements Database {
  readonly engine = 'pglite' as const;
  constructor(private readonly db: PGlite) {}
  async query<T extends Row = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.db.query<T>(sql, params)).rows;
  }
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) =>
      fn({
        query: async <R extends Row = Row>(sql: string, params: unknown[] = []) =>
          (await tx.query<R>(sql, params)).rows,
      }),
    );
  }
  async exec(sql: string): Promise<void> {
    await this.db.exec(sql);
  }
  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
  dump(): Promise<Blob> {
    return this.db.dumpDataDir('none');
  }
}

class PostgresDatabase implements Database {
  readonly engine = 'postgres' as const;
  constructor(private readonly pool: pg.Pool) {}
  async query<T extends Row = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query(sql, params)).rows as T[];
  }
  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const result = await fn({
        query: async <R extends Row = Row>(sql: string, params: unknown[] = []) =>
          (await client.query(sql, params)).rows as R[],
      });
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }
  async close(): Promise<void> {
    await this.pool.end();
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
  /** PGlite only: start from this data directory dump (see dumpDatabase) instead of a fresh initdb. */
  template?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  let db: Database;
  if (options.databaseUrl) {
    const extra: pg.PoolConfig = {};
    if (options.schema) {
      if (!/^[a-z_][a-z0-9_]*$/.test(options.schema)) throw new Error(`bad schema name ${options.schema}`);
      const setup = new pg.Client({ connectionString: options.databaseUrl });
      await setup.connect();
      await setup.query(`create schema if not exists ${options.schema}`);
      await setup.end();
      extra.options = `-c search_path=${options.schema}`;
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...extra,
    });
    db = new PostgresDatabase(pool);
  } else {
    const dataDir = options.dataDir ?? 'memory://';
    if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
    db = new PgliteDatabase(
      await PGlite.create(dataDir, options.template ? { loadDataDir: options.template } : {}),
    );
  }
  await migrate(db);
  return db;
}

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
