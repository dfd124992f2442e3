// `npm run bench:abuse`: does a sign-in flood starve the rest of the server? Not a test: it prints figures
// (docs/operations.md#benchmarks).
//
//   1. The hash's physical limit on this machine: scrypt with the server's own function and parameters,
//      one at a time (hashes per second on one core), times the cores.
//   2. A server like `npm start`'s (production scrypt, the hashing queue, logs at info, the embedded
//      database or DATABASE_URL) in a child process, with TRUST_PROXY=1 so each flood request can name its
//      own client in X-Forwarded-For.
//   3. Session checks alone (GET /api/applicant/sessions/current with a live cookie, at a steady rate),
//      then the same session checks during a bounded sign-in flood: right and wrong passwords for many
//      accounts, unknown accounts, from many client addresses, with the session checks sent from a worker thread so that
//      the flood and the measuring do not share an event loop.
//
// It prints the session check's p50/p99 alone and during the flood, the flood's statuses (200, 403, 404,
// 429, 503) and the sign-ins checked per second (200 + 403: each costs one hash) against the physical limit.
// ABUSE_DURATION (seconds, default 15), ABUSE_CONNECTIONS (flood connections, default 64), ABUSE_ACCOUNTS
// (default 200), ABUSE_CHECK_RATE (session checks per second, default 100) tune it.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { insertAccount } from '../src/accounts.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase } from '../src/db.ts';
import { hashPassword, verifyPassword } from '../src/passwords.ts';
import { setUpState } from '../src/providerStates.ts';

const duration = Number(process.env.ABUSE_DURATION ?? 15);
const floodConnections = Number(process.env.ABUSE_CONNECTIONS ?? 64);
const accountCount = Number(process.env.ABUSE_ACCOUNTS ?? 200);
const checkRate = Number(process.env.ABUSE_CHECK_RATE ?? 100);
const PASSWORD = 'Passw0rd2026';
const requestId = (n: number) => `${Date.now() - Date.UTC(2021, 0, 1)}:${n % 4096}`;

/** What the server process tells the bench once it listens. */
interface Ready {
  port: number;
  cookie: string;
  emails: string[];
  engine: string;
  hashing: Config['hashing'];
  scrypt: Config['scrypt'];
  threadpool: string;
}

/** The server's event-loop delay in milliseconds. */
interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

// The server: the child process ------------------------------------------------------------------------

async function serve(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-abuse-'));
  const config: Config = {
    ...loadConfig({ WEB_DIST: '/nonexistent', TRUST_PROXY: '1', LOG_LEVEL: 'info' }),
    // Production's costs: no run-time response validation (NODE_ENV=production would demand SMTP_URL).
    validateResponses: false,
  };
  const db = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: join(dataDir, 'db'),
    poolSize: config.databasePoolSize,
  });
  const server = await buildApp({ config, db });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  // The flood's accounts share one hash (computed once: 200 production hashes would take a while).
  const hash = await hashPassword(PASSWORD, config.scrypt);
  const stamp = Date.now().toString(36);
  const emails = Array.from({ length: accountCount }, (_, i) => `flood.${stamp}.${i}@example.com`);
  for (const email of emails) await insertAccount(db, server.services, email, hash);
  const { cookie } = await setUpState(server.services, 'the applicant is signed in', {
    email: `checker.${stamp}@example.com`,
    password: PASSWORD,
  });
  const ready: Ready = {
    port: (server.app.server.address() as AddressInfo).port,
    cookie: cookie!,
    emails,
    engine: db.engine,
    hashing: config.hashing,
    scrypt: config.scrypt,
    threadpool: process.env.UV_THREADPOOL_SIZE ?? '4 (default)',
  };
  process.send!(ready);
  // The server's own event-loop delay, measured from the flood's start to its end.
  let loop: IntervalHistogram | undefined;
  process.on('message', (message) => {
    if (message === 'loop-start') {
      loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
    }
    if (message === 'loop-stop' && loop) {
      loop.disable();
      const delay: LoopDelay = {
        p50: loop.percentile(50) / 1e6,
        p99: loop.percentile(99) / 1e6,
        max: loop.max / 1e6,
      };
      process.send!(delay);
    }
    if (message !== 'stop') return;
    void server.close().finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

// The bench: the parent process -------------------------------------------------------------------------

/** Hashes per second: `parallel` verifications at a time for `seconds`, as the server verifies. */
async function hashRate(stored: string, parallel: number, seconds: number): Promise<number> {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (Date.now() < end) {
        await verifyPassword(PASSWORD, stored);
        done += 1;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

function startServer(): Promise<{ child: ChildProcess; ready: Ready }> {
  // The child's stdout (the server's log lines at info, as in production) is discarded unless
  // ABUSE_SERVER_LOG=1; errors show.
  const log = process.env.ABUSE_SERVER_LOG === '1' ? 'inherit' : 'ignore';
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    stdio: ['ignore', log, 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as Ready }));
    child.once('exit', (code) => reject(new Error(`the server process exited (${code}) before it listened`)));
  });
}

/** One flood request, drawn afresh each time: a right or a wrong password, or an unknown account. */
function floodRequest(emails: string[]): autocannon.Request {
  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
  const octet = () => Math.floor(Math.random() * 250) + 1;
  const n = Math.floor(Math.random() * 1e9);
  const roll = Math.random();
  const body =
    roll < 0.4
      ? { email: pick(emails), password: PASSWORD }
      : roll < 0.8
        ? { email: pick(emails), password: `Wrong${n}pass` }
        : { email: `nobody.${n}@example.com`, password: `Wrong${n}pass` };
  return {
    method: 'POST',
    path: '/api/applicant/sessions',
    headers: {
      'content-type': 'application/json',
      'x-request-id': requestId(n),
      'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}`,
    },
    body: JSON.stringify(body),
  };
}

/** Session checks at a steady rate, from a worker thread: its clock is not held up by the flood's. */
function sessionChecks(url: string, cookie: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${url}/api/applicant/sessions/current`,
    method: 'GET',
    headers: { cookie, 'x-request-id': requestId(1) },
    connections: 10,
    workers: 1,
    overallRate: checkRate,
    duration: seconds,
  });
}

const count = (result: autocannon.Result, status: number) =>
  result.statusCodeStats[String(status)]?.count ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function bench(): Promise<void> {
  const cores = availableParallelism();
  const { scrypt } = loadConfig({});
  const stored = await hashPassword(PASSWORD, scrypt);
  console.info(`Measuring the hash (scrypt N=${scrypt.N}, r=${scrypt.r}, p=${scrypt.p}) ...`);
  const oneCore = await hashRate(stored, 1, 3);
  const allCores = await hashRate(stored, cores, 3);
  const limit = oneCore * cores;

  const { child, ready } = await startServer();
  const url = `http://127.0.0.1:${ready.port}`;
  try {
    console.info(`Session checks alone (${checkRate}/s, 5 s) ...`);
    const alone = await sessionChecks(url, ready.cookie, 5);
    console.info(
      `Sign-in flood (${floodConnections} connections, ${duration} s) with session checks alongside ...`,
    );
    child.send('loop-start');
    const [flood, during] = await Promise.all([
      autocannon({
        url,
        connections: floodConnections,
        duration,
        requests: [{ setupRequest: (request) => ({ ...request, ...floodRequest(ready.emails) }) }],
      }),
      sessionChecks(url, ready.cookie, duration),
    ]);

    const loopDelay = new Promise<LoopDelay>((resolve) =>
      child.once('message', (delay) => resolve(delay as LoopDelay)),
    );
    child.send('loop-stop');
    const loop = await loopDelay;
    const checked = count(flood, 200) + count(flood, 403);
    // Every session check answered 200, none lost, and the 99th percentile under 50 ms.
    const met =
      during.requests.total > 0 &&
      during.non2xx === 0 &&
      during.errors + during.timeouts === 0 &&
      during.latency.p99 < 50;
    const lines = [
      '',
      `Machine: ${cores} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), node ${process.version}, ${ready.engine}`,
      `Server: hashing ${ready.hashing.concurrency} at once + ${ready.hashing.queue} waiting, UV_THREADPOOL_SIZE ${ready.threadpool}`,
      '',
      '| Figure | Value |',
      '|---|---|',
      `| Hash, one at a time (one core) | ${oneCore.toFixed(1)} hashes/s (${ms(1000 / oneCore)} each) |`,
      `| Physical limit (one core × ${cores}) | ${limit.toFixed(1)} hashes/s |`,
      `| Hash, ${cores} at a time (measured) | ${allCores.toFixed(1)} hashes/s |`,
      `| Session check alone: p50 / p99 | ${ms(alone.latency.p50)} / ${ms(alone.latency.p99)} |`,
      `| Session check during the flood: p50 / p99 / max | ${ms(during.latency.p50)} / ${ms(during.latency.p99)} / ${ms(during.latency.max)} |`,
      `| Server event-loop delay during the flood: p50 / p99 / max | ${ms(loop.p50)} / ${ms(loop.p99)} / ${ms(loop.max)} |`,
      `| Session checks during the flood (non-2xx, errors) | ${during.requests.total} (${during.non2xx}, ${during.errors + during.timeouts}) |`,
      `| Flood requests answered | ${flood.requests.total} (${Math.round(flood.requests.total / duration)}/s) |`,
      `| 200 / 403 / 404 / 429 / 503 | ${[200, 403, 404, 429, 503].map((s) => count(flood, s)).join(' / ')} |`,
      `| Flood errors and timeouts | ${flood.errors + flood.timeouts} |`,
      `| Sign-ins checked (200 + 403, one hash each) | ${(checked / duration).toFixed(1)}/s = ${((100 * checked) / duration / limit).toFixed(0)} % of the physical limit |`,
      '',
      `Target: session check p99 under 50 ms during the flood: ${met ? 'met' : 'NOT met'}.`,
    ];
    console.info(lines.join('\n'));
    if (!met) process.exitCode = 1;
  } finally {
    child.send('stop');
  }
}

if (process.argv.includes('--serve')) await serve();
else await bench();
