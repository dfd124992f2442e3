// `npm run bench:api`: throughput and p99 latency of sign-in and of the session check, with autocannon.
// Not a test: it prints a table. Two ways (docs/operations.md):
//
//   npm run bench:api                      # starts a server in this process (production scrypt, no run-time
//                                          # response validation) on PGlite, or on DATABASE_URL if set
//   npm run bench:api -- --url http://127.0.0.1:8080 --email a@example.com --password Passw0rd2026
//                                          # a running server (one instance or a proxy in front of several),
//                                          # with an existing account
//   npm run bench:api -- --url http://127.0.0.1:8080
//                                          # a running server with DEBUG_ENDPOINTS=1: a fresh account is
//                                          # registered through the debug mailbox
//
// BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 10) tune it. --url may include the
// base path (http://host/pre-admission).
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { routes } from '@pre-admission/account/routes';
import autocannon from 'autocannon';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { setUpState } from '../src/providerStates/states.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
  },
});
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
let counter = 0;
const requestId = () => `${Date.now() - Date.UTC(2021, 0, 1)}:${(counter += 1) % 4096}`;

let url: string;
let email = args.email ?? 'bench@example.com';
const password = args.password ?? 'Passw0rd2026';
let cookie: string;
let engine: string;
let server: App | undefined;
let dataDir: string | undefined;

/** Signs in over HTTP and returns the session cookie. */
async function signInCookie(): Promise<string> {
  const response = await fetch(`${url}/api/applicant/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId() },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in as ${email} answered ${response.status}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/** A fresh account through the API and the debug mailbox (the target must run with DEBUG_ENDPOINTS=1). */
async function registerThroughDebugMailbox(): Promise<void> {
  email = `bench.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const send = (method: string, path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-request-id': requestId() },
      body: JSON.stringify(body),
    });
  const requested = await send('POST', '/api/applicant/registrations', { email });
  if (requested.status !== 202) throw new Error(`registration request answered ${requested.status}`);
  const mails = await fetch(`${url}/api/debug/mails`);
  if (mails.status !== 200)
    throw new Error(
      'The target has no debug mailbox (DEBUG_ENDPOINTS=1 is off there): pass --email and --password of an existing account.',
    );
  const mail = ((await mails.json()) as { to: string; text: string }[]).find((m) => m.to === email);
  const token = mail?.text.split(routes.registration(''))[1]?.match(/^[A-Za-z0-9_-]+/)?.[0];
  if (!token) throw new Error(`no registration mail for ${email} in the debug mailbox`);
  const finished = await send('PATCH', `/api/applicant/registrations/${token}`, { password });
  if (finished.status !== 204) throw new Error(`finishing the registration answered ${finished.status}`);
}

if (args.url) {
  url = args.url.replace(/\/+$/, '');
  engine = `the server at ${url}`;
  if (!args.email) await registerThroughDebugMailbox();
  else if (!args.password) throw new Error('--email needs --password');
  cookie = await signInCookie();
} else {
  dataDir = mkdtempSync(join(tmpdir(), 'api-bench-'));
  // Production's costs (strong scrypt, no run-time response validation), logs at warn to keep I/O out. No
  // mail is sent, so no SMTP_URL is needed (NODE_ENV=production would demand one).
  const config = loadConfig({ WEB_DIST: '/nonexistent', VALIDATE_RESPONSES: '0', LOG_LEVEL: 'warn' });
  const db = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: join(dataDir, 'db'),
    poolSize: config.databasePoolSize,
  });
  server = await buildApp({ config, db });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  engine = db.engine;
  cookie = (await setUpState(server.services, 'the applicant is signed in', { email, password })).cookie!;
}

interface Row {
  scenario: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  requests: number;
  'non-2xx': number;
  errors: number;
}

async function run(
  scenario: string,
  path: string,
  options: Omit<autocannon.Options, 'url'> & { connections?: number },
): Promise<Row> {
  const result = await autocannon({ connections, ...options, url: `${url}${path}`, duration });
  if (result.non2xx > 0) {
    console.warn(`${scenario}: unexpected statuses ${JSON.stringify(result.statusCodeStats)}`);
    process.exitCode = 1;
  }
  return {
    scenario,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    'non-2xx': result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** A Markdown table, ready for the README. */
function table(data: Row[]): string {
  const headers = Object.keys(data[0]!) as (keyof Row)[];
  const lines = [headers, headers.map(() => '---'), ...data.map((row) => headers.map((h) => String(row[h])))];
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

const signInConnections = Math.min(connections, 4);
const rows: Row[] = [];
rows.push(
  await run(
    `POST /api/applicant/sessions (sign in, ${signInConnections} connections)`,
    '/api/applicant/sessions',
    {
      // One account from one client: the limit of password attempts per account and client (5) counts the
      // attempts in flight too (docs/security.md#limits), so more connections would measure its 429s.
      connections: signInConnections,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
      setupClient: (client: autocannon.Client) =>
        client.setHeaders({ 'content-type': 'application/json', 'x-request-id': requestId() }),
    },
  ),
);
rows.push(
  await run('GET /api/applicant/sessions/current (session check)', '/api/applicant/sessions/current', {
    method: 'GET',
    headers: { cookie, 'x-request-id': requestId() },
  }),
);

console.info(
  `\n${engine}, node ${process.version}, ${connections} connections, ${duration} s per scenario\n`,
);
console.info(table(rows));
await server?.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
