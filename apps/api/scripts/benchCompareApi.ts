// The API half of `npm run bench:compare` (scripts/bench-compare.mjs starts the server and runs this, which
// lives here because autocannon, Fastify and the password module are this workspace's). Against the server
// it is given (production's behaviour, TRUST_PROXY=1 so that each sign-in names its own client and no rate
// limit answers), interleaved round after round:
//   1. the session check (GET /api/applicant/sessions/current, signed in) at saturation vs a trivial Fastify
//      route returning a small JSON (a Fastify app in its own process, the same Node): requests per second
//      and the CPU each request costs its server process (utime + stime of /proc/PID/stat);
//   2. sign-ins per second at saturation vs bare scrypt verifications per second on all cores with the
//      server's own function and parameters: the right password, to the accounts of COMPARE_SIGN_IN_EMAILS
//      in turn (16), a fresh client each time. Many accounts, as real sign-ins come from many applicants: an
//      account holds one hashing place at a time (docs/security.md#hashing), so sign-ins to one account
//      measure that account's line (about one core's hash rate), not the server's.
// Input: COMPARE_URL, COMPARE_SERVER_PID, COMPARE_COOKIE (the parent's signed-in applicant),
// COMPARE_SIGN_IN_EMAILS (space-separated) and COMPARE_PASSWORD (their password), COMPARE_TRIVIAL_PORT (the trivial app's; a free one if unset), BENCH_ROUNDS (default 3), BENCH_API_DURATION (seconds per measurement, default 5; sign-ins and hashes twice that, at least 10).
// Output: one JSON line on stdout (progress goes to stderr).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { loadConfig } from '../src/platform/config.ts';
import { hashPassword } from '../src/account/passwords.ts';
import { hashRate } from './hashRate.ts';

const need = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (scripts/bench-compare.mjs sets it)`);
  return value;
};
const url = need('COMPARE_URL');
const serverPid = Number(need('COMPARE_SERVER_PID'));
const cookie = need('COMPARE_COOKIE');
const signInEmails = need('COMPARE_SIGN_IN_EMAILS').split(' ');
const password = need('COMPARE_PASSWORD');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const duration = Number(process.env.BENCH_API_DURATION ?? 5);
const cores = availableParallelism();
const connections = 10;
// More connections than cores keep the hashing queue full (it holds 16 per core waiting before it answers
// 503); fewer than accounts, so that no sign-in waits in its account's line.
const signInConnections = Math.min(cores * 4, signInEmails.length);
// A hash takes about half a second on a loaded core: a few seconds would count a handful.
const hashSeconds = Math.max(10, duration * 2);
const requestId = (n: number) => `${Date.now() - Date.UTC(2021, 0, 1)}:${n % 4096}`;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticksPerSecond = 100;
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** A trivial Fastify route returning a small JSON, in its own process: the framework's floor. */
async function startTrivial(): Promise<{ url: string; pid: number; stop(): void }> {
  const code = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/trivial', async () => ({ ok: true, at: new Date().toISOString() }));
    await app.listen({ host: '127.0.0.1', port: Number(process.env.COMPARE_TRIVIAL_PORT ?? 0) });
    process.stdout.write(app.server.address().port + '\\n');
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the trivial Fastify app exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/trivial`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

interface Load {
  perSecond: number;
  cpuMsPerRequest: number;
  ok: number;
  other: Record<string, number>;
}

/** autocannon at saturation for `duration` s; the CPU the server process spent on it, per answered request. */
async function saturate(pid: number, options: autocannon.Options, seconds = duration): Promise<Load> {
  const before = cpuSeconds(pid);
  const result = await autocannon({ connections, duration: seconds, ...options });
  const cpu = cpuSeconds(pid) - before;
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]),
  );
  const ok = statuses['200'] ?? 0;
  const other = Object.fromEntries(Object.entries(statuses).filter(([status]) => status !== '200'));
  if (result.errors + result.timeouts > 0) other.errors = result.errors + result.timeouts;
  return {
    perSecond: ok / seconds,
    cpuMsPerRequest: ok ? (cpu * 1000) / ok : NaN,
    ok,
    other,
  };
}

let signIns = 0;
const signIn = (): autocannon.Request => {
  const n = Math.floor(Math.random() * 1e9);
  // In turn: the sign-ins in flight (one per connection) are to as many different accounts.
  const email = signInEmails[signIns++ % signInEmails.length];
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return {
    method: 'POST',
    path: '/api/applicant/sessions',
    headers: {
      'content-type': 'application/json',
      'x-request-id': requestId(n),
      // A fresh client each time: the per-client limits would otherwise answer 429 (docs/security.md#limits).
      'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}`,
    },
    body: JSON.stringify({ email, password }),
  };
};

const trivial = await startTrivial();
// The server's own reading of HASHING_CONCURRENCY (it inherits this environment).
const { scrypt, hashing } = loadConfig({
  PUBLIC_URL: url,
  HASHING_CONCURRENCY: process.env.HASHING_CONCURRENCY || undefined,
});
const stored = await hashPassword(password, scrypt);
const results = {
  sessionCheck: [] as Load[],
  trivial: [] as Load[],
  signIn: [] as Load[],
  hashes: [] as number[],
};
try {
  for (let round = 1; round <= rounds; round += 1) {
    const check = await saturate(serverPid, {
      url: `${url}/api/applicant/sessions/current`,
      headers: { cookie, 'x-request-id': requestId(round) },
    });
    results.sessionCheck.push(check);
    const floor = await saturate(trivial.pid, { url: trivial.url });
    results.trivial.push(floor);
    const signedIn = await saturate(serverPid, {
      url,
      connections: signInConnections,
      requests: [{ setupRequest: signIn }],
    });
    results.signIn.push(signedIn);
    const hashes = await hashRate(password, stored, cores, hashSeconds);
    results.hashes.push(hashes);
    log(
      `  API round ${round}: session check ${check.perSecond.toFixed(0)}/s (${check.cpuMsPerRequest.toFixed(3)} ms CPU), trivial ${floor.perSecond.toFixed(0)}/s (${floor.cpuMsPerRequest.toFixed(3)} ms CPU), sign-in (${signInEmails.length} accounts) ${signedIn.perSecond.toFixed(1)}/s${Object.keys(signedIn.other).length ? ` (others: ${JSON.stringify(signedIn.other)})` : ''}, bare hashes ${hashes.toFixed(1)}/s on ${cores} cores`,
    );
  }
} finally {
  trivial.stop();
}
process.stdout.write(
  `${JSON.stringify({ cores, hashing, connections, signInConnections, signInAccounts: signInEmails.length, duration, hashSeconds, ...results })}\n`,
);
