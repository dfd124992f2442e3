// `npm run test:backup`: the backup and restore of docs/operations.md#backup-and-restore, run as written, on
// one engine per run: back up, change the data (a sign-out, a new account, a new session), restore, end
// every session (`npm run sessions:end-all`) and check. The session signed out after the backup is live
// again in the restored copy until that last step, which is why the procedure has it.
//
//   node apps/api/scripts/backup-test.ts pglite
//   apps/api/scripts/with-postgres.sh node apps/api/scripts/backup-test.ts postgres
//
// PostgreSQL: a database of its own on DATABASE_URL's server (created and dropped here), never the one
// DATABASE_URL names, so it may be run beside real data. Prints each step and a final verdict; exits 1 on
// any failed check.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { findAccount, insertAccount } from '../src/account/accounts.ts';
import { createSession, liveSession, revokeSession } from '../src/account/sessions.ts';
import { consumeToken, issueToken, peekToken } from '../src/account/tokens.ts';
import { systemClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase, type Database } from '../src/platform/db.ts';

const engine = process.argv[2];
if (engine !== 'pglite' && engine !== 'postgres') {
  console.error('usage: backup-test.ts pglite|postgres (postgres needs DATABASE_URL)');
  process.exit(2);
}
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'pre-admission-backup-'));
const deps = { config: loadConfig({}), clock: systemClock };
const started = performance.now();
let failures = 0;

function step(text: string): void {
  console.info(`backup-test [${engine}] ${text}`);
}
function check(ok: boolean, text: string): void {
  if (!ok) failures += 1;
  step(`${ok ? 'ok  ' : 'FAIL'} ${text}`);
}
/** A command of the procedure, as docs/operations.md writes it; its output is shown. */
function run(command: string, args: string[], env: Record<string, string> = {}): void {
  step(`$ ${[...Object.entries(env).map(([key, value]) => `${key}=${value}`), command, ...args].join(' ')}`);
  const output = execFileSync(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for (const line of output.split('\n').filter((text) => text.trim() && !text.startsWith('>')))
    step(`  ${line}`);
}

// Where the data lives: PGlite's folder, or a database of its own on the PostgreSQL server.
const dataDir = join(work, 'pglite');
let databaseUrl: string | undefined;
let adminUrl: string | undefined;
const testDatabase = `pre_admission_backup_test_${process.pid}`;
if (engine === 'postgres') {
  if (!process.env.DATABASE_URL) {
    console.error(
      'backup-test postgres: DATABASE_URL is not set (run it under apps/api/scripts/with-postgres.sh)',
    );
    process.exit(2);
  }
  adminUrl = process.env.DATABASE_URL;
  const url = new URL(adminUrl);
  url.pathname = `/${testDatabase}`;
  databaseUrl = url.href;
}
async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
/** The database as the server opens it (migrations included). */
function open(): Promise<Database> {
  return openDatabase({ databaseUrl, dataDir, poolSize: 2 });
}
/** The procedure's environment: the server's database settings. */
const dbEnv: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };

try {
  if (adminUrl) await admin(`create database ${testDatabase}`);

  step('1. the site in use: account a@example.com with two sessions and a password-reset link');
  let db = await open();
  const a = await insertAccount(db, deps, 'a@example.com', 'not-a-real-hash');
  if (!a) throw new Error('could not create a@example.com');
  const signedOutLater = await createSession(db, deps, a.id);
  const other = await createSession(db, deps, a.id);
  const resetLink = await issueToken(db, deps, 'passwordReset', { email: a.email, accountId: a.id });

  const backup = join(work, engine === 'pglite' ? 'backup-pglite' : 'backup.dump');
  if (engine === 'pglite') {
    step('2. back up: stop the server, copy the data folder, start it again');
    await db.close();
    run('cp', ['-a', dataDir, backup]);
    db = await open();
  } else {
    step('2. back up while the server runs');
    run('pg_dump', ['--format=custom', `--file=${backup}`, `--dbname=${databaseUrl}`]);
  }

  step(
    '3. after the backup: a sign-out, the reset link followed, a new account b@example.com with a session',
  );
  await revokeSession(db, deps, signedOutLater);
  check(Boolean(await consumeToken(db, deps, 'passwordReset', resetLink)), 'the reset link is used');
  const b = await insertAccount(db, deps, 'b@example.com', 'not-a-real-hash');
  if (!b) throw new Error('could not create b@example.com');
  await createSession(db, deps, b.id);
  check(!(await liveSession(db, deps, signedOutLater, { extend: false })), 'the signed-out session is dead');

  step('4. restore: stop the server, put the backup back');
  await db.close();
  if (engine === 'pglite') {
    run('rm', ['-rf', dataDir]);
    run('cp', ['-a', backup, dataDir]);
  } else {
    run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${databaseUrl}`,
      backup,
    ]);
  }
  db = await open();
  check(
    Boolean(await liveSession(db, deps, signedOutLater, { extend: false })),
    'before the last step, the restored copy has the signed-out session live again (the reason for it)',
  );
  check(Boolean(await peekToken(db, deps, 'passwordReset', resetLink)), 'and the used reset link too');
  await db.close();

  step('5. end every session and open link token, then start the server');
  run('npm', ['run', '--silent', 'sessions:end-all'], dbEnv);

  db = await open();
  check(Boolean(await findAccount(db, 'a@example.com')), 'a@example.com, from before the backup, is there');
  check(!(await findAccount(db, 'b@example.com')), 'b@example.com, made after the backup, is not');
  check(
    !(await liveSession(db, deps, signedOutLater, { extend: false })),
    'the session signed out after the backup stays dead',
  );
  check(!(await liveSession(db, deps, other, { extend: false })), 'the other restored session is ended too');
  check(!(await peekToken(db, deps, 'passwordReset', resetLink)), 'the used reset link stays used up');
  const [live] = await db.query<{ count: string }>(
    'select count(*)::text as count from sessions where revoked_at is null',
  );
  check(live?.count === '0', `no session is live (${live?.count ?? '?'} found)`);
  await db.close();
} catch (error) {
  failures += 1;
  step(`FAIL ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  if (adminUrl) await admin(`drop database if exists ${testDatabase} with (force)`).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (failures > 0) {
  step(`verdict: FAILED (${failures} failed checks, ${seconds} s)`);
  process.exit(1);
}
step(`verdict: backup and restore work (${seconds} s)`);
