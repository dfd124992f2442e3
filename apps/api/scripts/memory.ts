// `npm run bench:memory`: the server's resident memory (VmRSS of /proc/PID/status) right after start and
// after 2,000 session checks, as production runs it: a child process started with the production command
// (`node apps/api/src/main.ts`, NODE_ENV=production, JSON logs to a pipe). On PGlite always, and on
// PostgreSQL too when DATABASE_URL is set (apps/api/scripts/with-postgres.sh npm run bench:memory gives a
// throwaway cluster). Not a test: it prints a table (docs/operations.md#benchmarks).
//
//   --root <dir>   the checkout whose server is started (default: this one), to compare with another branch
//   --tsx          start it as the server used to start (`node --import tsx ...`), for a before/after figure
//
// The applicant is written into the database before the server starts, as bench:web does, so the figure
// holds no sign-in (scrypt's 32 MB block is transient and would only blur it).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { insertAccount } from '../src/account/accounts.ts';
import { createSession } from '../src/account/sessions.ts';
import { systemClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { hashPassword } from '../src/account/passwords.ts';
import { sessionCookieName } from '../src/services.ts';
import { productionServerEnv } from './productionServerEnv.ts';

const { values: args } = parseArgs({
  options: { root: { type: 'string' }, tsx: { type: 'boolean', default: false } },
});
const root = resolve(args.root ?? fileURLToPath(new URL('../../../', import.meta.url)));
const CHECKS = 2000;
const CONNECTIONS = 10;

let counter = 0;
const requestId = () => `${Date.now() - Date.UTC(2021, 0, 1)}:${(counter += 1) % 4096}`;

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** Resident and peak resident memory of a process, in MB (1 MB = 1024 kB, as /proc counts). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kB('VmRSS') / 1024, peak: kB('VmHWM') / 1024 };
}

/** An account and a session, written straight into the database the server will open. */
async function signedInCookie(publicUrl: string, where: { dataDir?: string; databaseUrl?: string }) {
  const config = loadConfig({ PUBLIC_URL: publicUrl });
  const db = await openDatabase({ ...where, poolSize: 1 });
  try {
    const deps = { config, clock: systemClock };
    const email = `memory.${Date.now().toString(36)}@example.com`;
    const account = await insertAccount(db, deps, email, await hashPassword('Passw0rdMemory', config.scrypt));
    if (!account) throw new Error('the account could not be created');
    return `${sessionCookieName(config)}=${await createSession(db, deps, account.id)}`;
  } finally {
    await db.close();
  }
}

/**
 * The RSS once it holds still: V8 compiles PGlite's WebAssembly again in the background for speed, and the
 * memory that takes (several hundred MB for a moment) is given back within seconds. Sampled every 500 ms
 * until three samples in a row are within 1 MB of each other, 30 s at most.
 */
async function settled(pid: number): Promise<{ rss: number; peak: number }> {
  const deadline = Date.now() + 30_000;
  let steady = 0;
  let last = memoryOf(pid);
  while (steady < 3 && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 500));
    const now = memoryOf(pid);
    steady = Math.abs(now.rss - last.rss) < 1 ? steady + 1 : 0;
    last = now;
  }
  return last;
}

async function untilAnswering(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error('the server did not answer /api/health within 60 s');
}

async function measure(engine: 'PGlite' | 'PostgreSQL') {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Production demands an https PUBLIC_URL (its cookie is then __Host-); the checks speak plain http to the
  // process, as a TLS proxy in front of it would.
  const publicUrl = `https://127.0.0.1:${port}`;
  const scratch = mkdtempSync(join(tmpdir(), 'api-memory-'));
  const where =
    engine === 'PGlite' ? { dataDir: join(scratch, 'pglite') } : { databaseUrl: process.env.DATABASE_URL! };
  const cookie = await signedInCookie(publicUrl, where);
  const child = spawn(process.execPath, [...(args.tsx ? ['--import', 'tsx'] : []), 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      // Production refuses to start without SMTP; a session check sends no mail.
      ...productionServerEnv({ port, publicUrl, smtpUrl: 'smtp://127.0.0.1:9', ...where }),
      // This checkout's build, also for --root: both sides of a comparison serve the same site.
      WEB_DIST: process.env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    },
  });
  try {
    await untilAnswering(url, child);
    const started = await settled(child.pid!);
    let sent = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (sent < CHECKS) {
          sent += 1;
          const response = await fetch(`${url}/api/applicant/sessions/current`, {
            headers: { cookie, 'x-request-id': requestId() },
          });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`the session check answered ${response.status}`);
        }
      }),
    );
    const checked = await settled(child.pid!);
    return { engine, started, checked };
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
    rmSync(scratch, { recursive: true, force: true });
  }
}

const engines: ('PGlite' | 'PostgreSQL')[] = process.env.DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];
const command = `node ${args.tsx ? '--import tsx ' : ''}apps/api/src/main.ts`;
console.info(`${command} in ${root}, Node ${process.versions.node}; RSS in MB (peak in brackets)`);
const mb = (value: number) => value.toFixed(0).padStart(4);
console.info(`engine        after start   after ${CHECKS} session checks`);
for (const engine of engines) {
  const { started, checked } = await measure(engine);
  console.info(
    `${engine.padEnd(12)}  ${mb(started.rss)} (${mb(started.peak)})   ${mb(checked.rss)} (${mb(checked.peak)})`,
  );
}
if (!process.env.DATABASE_URL) console.info('PostgreSQL: not measured (no DATABASE_URL)');
