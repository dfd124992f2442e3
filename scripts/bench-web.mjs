// `npm run bench:web` (a script, not a test): build apps/web, serve it with the reference provider exactly as
// `npm start` does (apps/api/src/main.ts, production's behaviour: response validation off; a throwaway PGlite
// directory, a free loopback port, and an SMTP sink on loopback), then run Lighthouse 13 (default config: the mobile preset, simulated throttling) in Debian's Chromium
// three times on each of three public routes and on `/applications` signed in with a saved plan (the
// planner; the account and its session are written into the database before the server starts:
// apps/api/scripts/signedInApplicant.ts), and print the medians beside the bytes transferred.
//
//   npm run bench:web                 # build, serve, measure
//   BENCH_RUNS=5 npm run bench:web    # more runs per route
//   BENCH_WEB_DIST=dir npm run bench:web  # measure an existing build instead of building
//   BENCH_ROUTES=/applications npm run bench:web  # some routes only (comma-separated)
//   BENCH_REPORT_DIR=dir npm run bench:web    # also keep each run's Lighthouse report (JSON) there
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { SMTPServer } from 'smtp-server';
import { productionServerEnv } from '@pre-admission/api-server/scripts/productionServerEnv';

const root = fileURLToPath(new URL('..', import.meta.url));
const routes = process.env.BENCH_ROUTES
  ? process.env.BENCH_ROUTES.split(',')
  : ['/', '/registrations-request', '/privacy', '/applications'];
/** Routes measured signed in: the session cookie is sent with every request of the page. */
const signedIn = new Set(['/applications']);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromePath =
  process.env.CHROMIUM_PATH ||
  execFileSync('sh', ['-c', 'command -v chromium || echo /usr/bin/chromium']).toString().trim();
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`)),
    );
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const median = (values) => {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function measure(url, cookie) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const { lhr } = result;
    if (process.env.BENCH_REPORT_DIR) {
      mkdirSync(process.env.BENCH_REPORT_DIR, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_') || '_'}-${new Date().toISOString().replace(/\W/g, '')}.json`;
      writeFileSync(join(process.env.BENCH_REPORT_DIR, name), result.report);
    }
    const audit = (id) => lhr.audits[id]?.numericValue;
    const scripts = lhr.audits['resource-summary']?.details?.items?.find(
      (item) => item.resourceType === 'script',
    );
    return {
      // The module exports no version; each report names the one that measured it.
      version: lhr.lighthouseVersion,
      error: lhr.runtimeError?.code,
      // Where the page ended: a signed-in route whose session was refused would end on `/`.
      finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      performance:
        lhr.categories.performance.score === null ? undefined : lhr.categories.performance.score * 100,
      accessibility:
        lhr.categories.accessibility.score === null ? undefined : lhr.categories.accessibility.score * 100,
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
      scriptBytes: scripts?.transferSize,
      failedAudits: Object.values(lhr.audits)
        .filter((a) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id) && a.score === 0)
        .map((a) => a.id),
    };
  } finally {
    await chrome.kill();
  }
}

/** Accepts and discards every mail: the pages measured send none, but production needs SMTP_URL. */
async function startSmtpSink() {
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${sink.server.address().port}`, close: () => sink.close() };
}

const scratch = mkdtempSync(join(tmpdir(), 'pre-admission-bench-'));
let server;
let smtpSink;
try {
  const webDist = process.env.BENCH_WEB_DIST || join(scratch, 'dist');
  if (!process.env.BENCH_WEB_DIST) {
    console.info('bench: building apps/web');
    await run(join(root, 'node_modules/.bin/vite'), [
      'build',
      'apps/web',
      '--outDir',
      webDist,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ]);
    // The public pages' HTML, prerendered as `npm run build -w @pre-admission/web` does.
    await run(join(root, 'node_modules/.bin/tsx'), ['apps/web/scripts/prerender.ts', webDist], {
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = join(scratch, 'pglite');
  const cookie = execFileSync(process.execPath, ['apps/api/scripts/signedInApplicant.ts', origin, dataDir], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: undefined },
  })
    .toString()
    .trim();
  smtpSink = await startSmtpSink();
  server = spawn(process.execPath, ['apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...productionServerEnv({ port, publicUrl: origin, smtpUrl: smtpSink.url, dataDir }),
      // Production's behaviour without its start-up refusals: production demands an https PUBLIC_URL, and the
      // browser here speaks plain http, so its Origin would be foreign. NODE_ENV changes nothing else but
      // the response validation's default, switched off as production does (docs/operations.md#settings).
      NODE_ENV: 'test',
      VALIDATE_RESPONSES: '0',
      WEB_DIST: webDist,
      PROVIDER_STATES: '0',
      LOG_LEVEL: 'warn',
    },
  });
  await waitFor(`${origin}/api/health`, 60_000);
  console.info(`bench: serving ${webDist} on ${origin}; Lighthouse ${runs}× per route (mobile preset)`);

  const rows = [];
  const versions = new Set();
  for (const route of routes) {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      const sent = signedIn.has(route) ? cookie : undefined;
      const status = (await fetch(origin + route, { headers: sent ? { cookie: sent } : {} })).status;
      let result = await measure(origin + route, sent);
      // Lighthouse (seen with 12) in Debian's Chromium now and then misses the navigation's start (NO_NAVSTART) and
      // measures nothing: such a run is said and done again, at most twice, instead of leaving a hole.
      for (let retry = 1; result.error === 'NO_NAVSTART' && retry <= 2; retry += 1) {
        console.info(`  ${route} run ${i + 1}: Lighthouse error ${result.error}; measuring again`);
        result = await measure(origin + route, sent);
      }
      results.push({ ...result, status });
      versions.add(result.version);
      console.info(
        `  ${route} run ${i + 1}: HTTP ${status}${result.error ? `, Lighthouse error ${result.error}` : ''}, performance ${result.performance?.toFixed(0) ?? '-'}, LCP ${result.lcp?.toFixed(0) ?? '-'} ms`,
      );
    }
    const failed = [...new Set(results.flatMap((result) => result.failedAudits))];
    const elsewhere = [...new Set(results.map((result) => result.finalPath))].filter(
      (path) => path !== route,
    );
    if (elsewhere.length) throw new Error(`${route} ended on ${elsewhere.join(', ')}: not the page measured`);
    rows.push({
      route,
      status: [...new Set(results.map((result) => result.status))].join('/'),
      errors: [...new Set(results.map((result) => result.error).filter(Boolean))].join(', '),
      ...Object.fromEntries(
        ['performance', 'accessibility', 'fcp', 'lcp', 'tbt', 'cls', 'bytes', 'scriptBytes'].map((key) => [
          key,
          median(results.map((result) => result[key])),
        ]),
      ),
      failed,
    });
  }

  const fmt = (value, digits, unit = '') => (value === undefined ? 'n/a' : `${value.toFixed(digits)}${unit}`);
  const kb = (value) => (value === undefined ? 'n/a' : `${(value / 1000).toFixed(1)} kB`);
  const s = (value) => (value === undefined ? 'n/a' : `${(value / 1000).toFixed(2)} s`);
  const lines = [
    `Medians of ${runs} Lighthouse ${[...versions].join('/')} runs, mobile preset, ${chromePath}:`,
    '',
    '| Route | HTTP | Performance | Accessibility | FCP | LCP | TBT | CLS | Transferred | of which JS |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| \`${row.route}\`${signedIn.has(row.route) ? ' (signed in, saved plan)' : ''} | ${row.status} | ${fmt(row.performance, 0)} | ${fmt(row.accessibility, 0)} | ${s(row.fcp)} | ${s(row.lcp)} | ${fmt(row.tbt, 0, ' ms')} | ${fmt(row.cls, 3)} | ${kb(row.bytes)} | ${kb(row.scriptBytes)} |`,
    ),
  ];
  for (const row of rows) {
    if (row.errors) lines.push('', `${row.route}: Lighthouse runtime error ${row.errors}`);
    if (row.failed.length)
      lines.push('', `${row.route}: failed accessibility audits: ${row.failed.join(', ')}`);
  }
  console.info(`\n${lines.join('\n')}\n`);
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 12_000);
    await exited;
    clearTimeout(timer);
  }
  smtpSink?.close();
  rmSync(scratch, { recursive: true, force: true });
}
