// `npm run bench:api`: throughput and p99 latency of sign-in and of the session check, with autocannon,
// against a real listening server with the production scrypt parameters. Not a test: it prints a table.
// BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 10) tune it; DATABASE_URL benchmarks
// PostgreSQL instead of the embedded database.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db.ts';
import { setUpState } from '../src/providerStates.ts';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const dataDir = mkdtempSync(join(tmpdir(), 'api-bench-'));

// Production settings (no run-time response validation, strong scrypt), logs at warn to keep I/O out.
const config = { ...loadConfig({ NODE_ENV: 'production', WEB_DIST: '/nonexistent' }), logLevel: 'warn' };
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: join(dataDir, 'db') });
const server = await buildApp({ config, db });
await server.app.listen({ host: '127.0.0.1', port: 0 });
const url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;

const email = 'bench@example.com';
const password = 'Passw0rd2026';
const { cookie } = await setUpState(server.services, 'the applicant is signed in', { email, password });
let counter = 0;
const requestId = () => `${Date.now() - Date.UTC(2021, 0, 1)}:${(counter += 1) % 4096}`;

interface Row {
  scenario: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  requests: number;
  'non-2xx': number;
  errors: number;
}

async function run(scenario: string, path: string, options: Omit<autocannon.Options, 'url'>): Promise<Row> {
  const result = await autocannon({ ...options, url: `${url}${path}`, duration, connections });
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

const rows: Row[] = [];
rows.push(
  await run('POST /api/applicant/sessions (sign in, scrypt N=2^15)', '/api/applicant/sessions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    setupClient: (client: autocannon.Client) =>
      client.setHeaders({ 'content-type': 'application/json', 'x-request-id': requestId() }),
  }),
);
rows.push(
  await run('GET /api/applicant/sessions/current (session check)', '/api/applicant/sessions/current', {
    method: 'GET',
    headers: { cookie: cookie!, 'x-request-id': requestId() },
  }),
);

console.info(
  `\nengine: ${db.engine}, node ${process.version}, ${connections} connections, ${duration} s per scenario\n`,
);
console.info(table(rows));
await server.close();
rmSync(dataDir, { recursive: true, force: true });
