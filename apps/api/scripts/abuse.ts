// `npm run bench:abuse`: does a sign-in flood starve the rest of the server? Not a test: it prints figures
// (docs/operations.md#benchmarks).
//
//   1. The hash's physical limit on this machine: scrypt with the server's own function and parameters,
//      one at a time (hashes per second on one core), times the cores.
//   2. The server exactly as `npm start` starts it (`node apps/api/src/main.ts`), in production
//      mode: NODE_ENV=production (no response validation, logs as JSON at info to a file, as under a process
//      supervisor), SMTP to a local sink, TRUST_PROXY=1 so that each flood request can name its own client
//      in X-Forwarded-For. Its database (the embedded one in a temporary directory, or DATABASE_URL) is
//      prepared beforehand by this script: the flood's accounts and one signed-in session. A passive monitor
//      (serverMonitor.ts, loaded with --import) reports the server's event-loop delay and GC pauses.
//   3. Session checks alone (GET /api/applicant/sessions/current with a live cookie, at a steady rate),
//      then the same session checks during a bounded sign-in flood: right and wrong passwords for many
//      accounts, unknown accounts, from many client addresses, with the session checks sent from a worker
//      thread so that the flood and the measuring do not share an event loop.
//
//   4. One client flooding sign-ins to its own account with the right password (ABUSE_OWN_CONNECTIONS
//      connections, default 24, one X-Forwarded-For), while another client signs in to its own account at a
//      steady rate (ABUSE_OTHER_RATE per second, default 2): can one client's valid sign-ins keep the
//      others out of the hashing queue (issue 25, finding 2)?
//
// It prints the session check's p50/p99 alone and during the flood, the flood's statuses (200, 403, 404,
// 429, 503) and the sign-ins checked per second (200 + 403: each costs one hash) against the physical limit;
// then the other client's sign-in p50/p99 and statuses during the one-client flood.
// ABUSE_SCENARIOS picks the parts (`mixed`: 3, `own-account`: 4; default both, comma-separated).
// ABUSE_DURATION (seconds, default 15), ABUSE_CONNECTIONS (flood connections, default 64), ABUSE_ACCOUNTS
// (default 200), ABUSE_CHECK_RATE (session checks per second, default 100), ABUSE_PORT (the server's; a free
// one by default) tune it; ABUSE_NODE_OPTIONS adds
// flags to the server's node (e.g. --max-semi-space-size=16); the server reads the rest of its environment
// as `npm start` does (HASHING_CONCURRENCY, DATABASE_POOL_SIZE, UV_THREADPOOL_SIZE, LOG_LEVEL...).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SMTPServer } from 'smtp-server';
import { insertAccount } from '../src/account/accounts.ts';
import { createSession } from '../src/account/sessions.ts';
import { systemClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { hashPassword } from '../src/account/passwords.ts';
import { hashRate } from './hashRate.ts';
import { sessionCookieName } from '../src/services.ts';
import type { ServerMonitorReport } from './serverMonitor.ts';
import { productionServerEnv } from './productionServerEnv.ts';

const duration = Number(process.env.ABUSE_DURATION ?? 15);
const floodConnections = Number(process.env.ABUSE_CONNECTIONS ?? 64);
const accountCount = Number(process.env.ABUSE_ACCOUNTS ?? 200);
const checkRate = Number(process.env.ABUSE_CHECK_RATE ?? 100);
const warmup = Number(process.env.ABUSE_WARMUP ?? 0);
const ownConnections = Number(process.env.ABUSE_OWN_CONNECTIONS ?? 24);
const otherRate = Number(process.env.ABUSE_OTHER_RATE ?? 2);
const scenarios = new Set(
  (process.env.ABUSE_SCENARIOS ?? 'mixed,own-account').split(',').map((x) => x.trim()),
);
for (const name of scenarios)
  if (name !== 'mixed' && name !== 'own-account')
    throw new Error(`ABUSE_SCENARIOS: unknown scenario ${name} (mixed, own-account)`);
/** The clients of scenario 4, as X-Forwarded-For names them. */
const FLOODING_CLIENT = '10.9.9.9';
const OTHER_CLIENT = '10.8.8.8';
const PASSWORD = 'Passw0rd2026';
const requestId = (n: number) => `${Date.now() - Date.UTC(2021, 0, 1)}:${n % 4096}`;

// The bench: the parent process -------------------------------------------------------------------------

/** What the bench knows of the server it started. */
interface Server {
  child: ChildProcess;
  url: string;
  cookie: string;
  emails: string[];
  /** Scenario 4: the flooding client's own account, and the other client's. */
  own: string;
  other: string;
  engine: string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (the server is then told PORT, as an operator would). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** An SMTP server that accepts and discards: production mode demands SMTP_URL (no mail is sent here). */
async function smtpSink(): Promise<{ url: string; close(): Promise<void> }> {
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, done) => {
      stream.resume();
      stream.on('end', () => done());
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const { port } = sink.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => sink.close(resolve)) };
}

async function untilAnswering(url: string, cookie: string, child: ChildProcess): Promise<void> {
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`the server process exited (${exited}) before it listened`);
    try {
      const response = await fetch(`${url}/api/applicant/sessions/current`, {
        headers: { cookie, 'x-request-id': requestId(0) },
      });
      if (response.status === 200) return;
      throw new Error(`the session check answered ${response.status}`);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error; // not listening yet: fetch failed
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not answer within 120 s');
}

/**
 * Prepares the database (migrated by openDatabase; the flood's accounts and one session), then starts the
 * server as `npm start` does, in production mode.
 */
async function startServer(): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'api-abuse-'));
  const dataDir = join(dir, 'pglite');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  // ABUSE_PORT: a port of one's own on a shared machine, rather than a free one.
  const port = process.env.ABUSE_PORT ? Number(process.env.ABUSE_PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Production demands an https PUBLIC_URL; the flood speaks plain http to the process behind it, as a TLS
  // proxy would. The session cookie is then __Host-, in the server and in the cookie made here alike.
  const publicUrl = `https://127.0.0.1:${port}`;
  const config = loadConfig({ PUBLIC_URL: publicUrl });
  const db = await openDatabase({ databaseUrl, dataDir, poolSize: 2 });
  const engine = db.engine;
  // The flood's accounts share one hash (computed once: 200 production hashes would take a while).
  const hash = await hashPassword(PASSWORD, config.scrypt);
  const stamp = Date.now().toString(36);
  const emails = Array.from({ length: accountCount }, (_, i) => `flood.${stamp}.${i}@example.com`);
  const deps = { config, clock: systemClock };
  for (const email of emails) await insertAccount(db, deps, email, hash);
  const own = `own.${stamp}@example.com`;
  const other = `other.${stamp}@example.com`;
  for (const email of [own, other]) await insertAccount(db, deps, email, hash);
  const checker = await insertAccount(db, deps, `checker.${stamp}@example.com`, hash);
  const cookie = `${sessionCookieName(config)}=${await createSession(db, deps, checker!.id)}`;
  await db.close();

  const smtp = await smtpSink();
  // The server's log, JSON lines at info as in production, goes to a file (a supervisor's journal would
  // take it); ABUSE_SERVER_LOG names it, otherwise it is removed with the rest.
  const logFile = process.env.ABUSE_SERVER_LOG ?? join(dir, 'server.log');
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const monitor = fileURLToPath(new URL('./serverMonitor.ts', import.meta.url));
  const extraFlags = (process.env.ABUSE_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...extraFlags, '--import', monitor, 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', openSync(logFile, 'a'), 'inherit', 'ipc'],
    env: {
      ...productionServerEnv({ port, publicUrl, smtpUrl: smtp.url, dataDir, databaseUrl }),
      TRUST_PROXY: '1',
    },
  });
  await untilAnswering(url, cookie, child);
  return {
    child,
    url,
    cookie,
    emails,
    own,
    other,
    engine,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The server's event-loop delay and GC pauses while `during` runs. */
async function monitored<T>(server: Server, during: () => Promise<T>): Promise<[T, ServerMonitorReport]> {
  server.child.send('monitor-start');
  const result = await during();
  const report = new Promise<ServerMonitorReport>((resolve) =>
    server.child.once('message', (message) => resolve(message as ServerMonitorReport)),
  );
  server.child.send('monitor-stop');
  return [result, await report];
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

/** Scenario 4's flood: one client, its own account, the right password, every time. */
function ownAccountRequest(own: string): autocannon.Request {
  return {
    method: 'POST',
    path: '/api/applicant/sessions',
    headers: {
      'content-type': 'application/json',
      'x-request-id': requestId(Math.floor(Math.random() * 1e9)),
      'x-forwarded-for': FLOODING_CLIENT,
    },
    body: JSON.stringify({ email: own, password: PASSWORD }),
  };
}

/** Scenario 4's other client: sign-ins to its own account at a steady rate, from a worker thread. */
function otherSignIns(url: string, other: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${url}/api/applicant/sessions`,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-request-id': requestId(2),
      'x-forwarded-for': OTHER_CLIENT,
    },
    body: JSON.stringify({ email: other, password: PASSWORD }),
    // Enough connections that a slow answer does not lower the rate (autocannon sends at most one request
    // per connection at a time).
    connections: 8,
    workers: 1,
    overallRate: otherRate,
    duration: seconds,
  });
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

/** What the flood process reports: the part of autocannon's result the bench prints. */
interface FloodResult {
  total: number;
  errors: number;
  statuses: Record<string, number>;
}

/** The flood process: autocannon on its own event loop, its result sent back over IPC. */
async function floodProcess(): Promise<void> {
  const { url, emails, own } = JSON.parse(process.env.ABUSE_FLOOD!) as {
    url: string;
    emails: string[];
    /** Set: scenario 4 (one client, its own account); unset: the mixed flood. */
    own?: string;
  };
  const result = await autocannon({
    url,
    connections: own ? ownConnections : floodConnections,
    duration,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          ...(own ? ownAccountRequest(own) : floodRequest(emails)),
        }),
      },
    ],
  });
  const report: FloodResult = {
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count])),
  };
  process.send!(report, () => process.exit(0));
}

/**
 * The sign-in flood from a process of its own (as an attacker's would be): it shares the machine's cores
 * with the server, as it must here, but not an event loop with the bench's session checks.
 */
function floodFrom(server: Server, ownAccount = false): Promise<FloodResult> {
  const flood = ownAccount
    ? { url: server.url, emails: [], own: server.own }
    : { url: server.url, emails: server.emails };
  const child = fork(fileURLToPath(import.meta.url), ['--flood'], {
    env: { ...process.env, ABUSE_FLOOD: JSON.stringify(flood) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as FloodResult));
    child.once('exit', (code) => reject(new Error(`the flood process exited (${code}) without a result`)));
  });
}

const count = (result: FloodResult, status: number) => result.statuses[String(status)] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const loopFigures = ({ loop }: ServerMonitorReport) => `${ms(loop.p50)} / ${ms(loop.p99)} / ${ms(loop.max)}`;
const perRequest = ({ cpu }: ServerMonitorReport, requests: number) =>
  `${cpu.mainThreadMs === undefined ? 'n/a' : `${((1000 * cpu.mainThreadMs) / requests).toFixed(0)} µs`} (${(100 * cpu.utilisation).toFixed(0)} % busy; process ${(cpu.processMs / 1000).toFixed(1)} s CPU)`;
const gcFigures = ({ gc }: ServerMonitorReport) => `${gc.count}, ${ms(gc.totalMs)} / ${ms(gc.maxMs)}`;

/** Scenario 3: session checks alone, then during the mixed flood. Returns its lines and whether it met its target. */
async function mixedScenario(server: Server, limit: number): Promise<{ lines: string[]; met: boolean }> {
  const { url, cookie } = server;
  if (warmup > 0) {
    console.info(`Warm-up: session checks for ${warmup} s (not counted) ...`);
    await sessionChecks(url, cookie, warmup);
  }
  console.info(`Session checks alone (${checkRate}/s, 5 s) ...`);
  const [alone, aloneServer] = await monitored(server, () => sessionChecks(url, cookie, 5));
  console.info(
    `Sign-in flood (${floodConnections} connections, ${duration} s) with session checks alongside ...`,
  );
  const [[flood, during], floodServer] = await monitored(server, () =>
    Promise.all([floodFrom(server), sessionChecks(url, cookie, duration)]),
  );
  const checked = count(flood, 200) + count(flood, 403);
  // Every session check answered 200, none lost, and the 99th percentile under 50 ms.
  const met =
    during.requests.total > 0 &&
    during.non2xx === 0 &&
    during.errors + during.timeouts === 0 &&
    during.latency.p99 < 50;
  const lines = [
    `| Session check alone: p50 / p99 | ${ms(alone.latency.p50)} / ${ms(alone.latency.p99)} |`,
    `| Session check during the flood: p50 / p99 / max | ${ms(during.latency.p50)} / ${ms(during.latency.p99)} / ${ms(during.latency.max)} |`,
    `| Server event-loop delay alone: p50 / p99 / max | ${loopFigures(aloneServer)} |`,
    `| Server GC alone: pauses, total / longest | ${gcFigures(aloneServer)} |`,
    `| Server event-loop delay during the flood: p50 / p99 / max | ${loopFigures(floodServer)} |`,
    `| Server GC during the flood: pauses, total / longest | ${gcFigures(floodServer)} |`,
    `| Event-loop CPU per request alone (loop busy; process CPU) | ${perRequest(aloneServer, alone.requests.total)} |`,
    `| Event-loop CPU per request during the flood (loop busy; process CPU) | ${perRequest(floodServer, flood.total + during.requests.total)} |`,
    `| Session checks during the flood (non-2xx, errors) | ${during.requests.total} (${during.non2xx}, ${during.errors + during.timeouts}) |`,
    `| Flood requests answered | ${flood.total} (${Math.round(flood.total / duration)}/s) |`,
    `| 200 / 403 / 404 / 429 / 503 | ${[200, 403, 404, 429, 503].map((s) => count(flood, s)).join(' / ')} |`,
    `| Flood errors and timeouts | ${flood.errors} |`,
    `| Sign-ins checked (200 + 403, one hash each) | ${(checked / duration).toFixed(1)}/s = ${((100 * checked) / duration / limit).toFixed(0)} % of the physical limit |`,
  ];
  return {
    lines: [
      ...lines,
      '',
      `Target: session check p99 under 50 ms during the flood: ${met ? 'met' : 'NOT met'}.`,
    ],
    met,
  };
}

/**
 * Scenario 4: one client floods sign-ins to its own account with the right password while another client
 * signs in at a steady rate. The other client's sign-ins must all be answered 200 (no 503 from a queue the
 * flood filled), with p99 under a second (docs/security.md#hashing).
 */
async function ownAccountScenario(server: Server): Promise<{ lines: string[]; met: boolean }> {
  console.info(
    `One client (${FLOODING_CLIENT}) signing in to its own account over ${ownConnections} connections for ${duration} s, another (${OTHER_CLIENT}) signing in ${otherRate}/s alongside ...`,
  );
  const [flood, other] = await Promise.all([
    floodFrom(server, true),
    otherSignIns(server.url, server.other, duration),
  ]);
  const otherStatuses = Object.fromEntries(
    Object.entries(other.statusCodeStats).map(([k, v]) => [k, (v as { count: number }).count]),
  );
  const otherCount = (status: number) => otherStatuses[String(status)] ?? 0;
  const otherErrors = other.errors + other.timeouts;
  const met =
    other.requests.total > 0 &&
    otherCount(200) === other.requests.total &&
    otherErrors === 0 &&
    other.latency.p99 < 1000;
  const lines = [
    `| Other client's sign-ins during the flood: p50 / p99 / max | ${ms(other.latency.p50)} / ${ms(other.latency.p99)} / ${ms(other.latency.max)} |`,
    `| Other client's sign-ins: sent; 200 / 403 / 429 / 503; errors and timeouts | ${other.requests.total}; ${[200, 403, 429, 503].map(otherCount).join(' / ')}; ${otherErrors} |`,
    `| Flooding client's requests answered | ${flood.total} (${Math.round(flood.total / duration)}/s) |`,
    `| Flooding client's 200 / 403 / 429 / 503; errors and timeouts | ${[200, 403, 429, 503].map((s) => count(flood, s)).join(' / ')}; ${flood.errors} |`,
  ];
  return {
    lines: [
      ...lines,
      '',
      `Target: every sign-in of the other client 200, p99 under 1,000 ms, during the one-client flood: ${met ? 'met' : 'NOT met'}.`,
    ],
    met,
  };
}

async function bench(): Promise<void> {
  const cores = availableParallelism();
  const { scrypt } = loadConfig({});
  const stored = await hashPassword(PASSWORD, scrypt);
  console.info(`Measuring the hash (scrypt N=${scrypt.N}, r=${scrypt.r}, p=${scrypt.p}) ...`);
  const oneCore = await hashRate(PASSWORD, stored, 1, 3);
  const allCores = await hashRate(PASSWORD, stored, cores, 3);
  const limit = oneCore * cores;

  const server = await startServer();
  const hashing = loadConfig({ ...process.env, NODE_ENV: 'development' }).hashing;
  try {
    const mixed = scenarios.has('mixed') ? await mixedScenario(server, limit) : undefined;
    const own = scenarios.has('own-account') ? await ownAccountScenario(server) : undefined;
    const lines = [
      '',
      `Machine: ${cores} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), node ${process.version}, ${server.engine}, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (at the end)`,
      `Server: NODE_ENV=production, hashing ${hashing.concurrency} at once${hashing.whileServing === undefined ? ' (HASHING_CONCURRENCY)' : ` (${hashing.whileServing} while another request is served)`} + ${hashing.queue} waiting, UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}, node flags: ${process.env.ABUSE_NODE_OPTIONS || 'none'}`,
      '',
      '| Figure | Value |',
      '|---|---|',
      `| Hash, one at a time (one core) | ${oneCore.toFixed(1)} hashes/s (${ms(1000 / oneCore)} each) |`,
      `| Physical limit (one core × ${cores}) | ${limit.toFixed(1)} hashes/s |`,
      `| Hash, ${cores} at a time (measured) | ${allCores.toFixed(1)} hashes/s |`,
      ...(mixed?.lines ?? []),
      ...(mixed && own ? ['', '| Figure | Value |', '|---|---|'] : []),
      ...(own?.lines ?? []),
    ];
    console.info(lines.join('\n'));
    if (mixed?.met === false || own?.met === false) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

if (process.argv.includes('--flood')) await floodProcess();
else await bench();
