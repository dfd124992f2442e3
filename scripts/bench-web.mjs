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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb, chromePath, lighthouseRunRetried, median, startProjectServer } from './bench-shared.mjs';

const routes = process.env.BENCH_ROUTES
  ? process.env.BENCH_ROUTES.split(',')
  : ['/', '/registrations-request', '/privacy', '/applications'];
/** Routes measured signed in: the session cookie is sent with every request of the page. */
const signedIn = new Set(['/applications']);
const runs = Number(process.env.BENCH_RUNS ?? 3);

const scratch = mkdtempSync(join(tmpdir(), 'pre-admission-bench-'));
let server;
try {
  const webDist = process.env.BENCH_WEB_DIST || join(scratch, 'dist');
  if (!process.env.BENCH_WEB_DIST) {
    console.info('bench: building apps/web');
    await buildWeb(webDist);
  }
  server = await startProjectServer({ webDist, dataDir: join(scratch, 'pglite') });
  const { origin, cookie } = server;
  console.info(`bench: serving ${webDist} on ${origin}; Lighthouse ${runs}× per route (mobile preset)`);

  const rows = [];
  const versions = new Set();
  for (const route of routes) {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      const sent = signedIn.has(route) ? cookie : undefined;
      const status = (await fetch(origin + route, { headers: sent ? { cookie: sent } : {} })).status;
      const result = await lighthouseRunRetried(
        origin + route,
        { cookie: sent, reportDir: process.env.BENCH_REPORT_DIR },
        (error) => console.info(`  ${route} run ${i + 1}: Lighthouse error ${error}; measuring again`),
      );
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
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
}
