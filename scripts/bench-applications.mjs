// `npm run bench:applications` (a script, not a test; issue 38's "Lighthouse ≥ 98 on the application's pages"):
// bench:web's set-up (scripts/bench-web.mjs: apps/web built, served as `npm start` serves it on a throwaway
// PGlite, Lighthouse 13 with the mobile preset in Debian's Chromium) on the applicant's application pages,
// signed in, with all four categories: /applications listing a submitted application, a complete master's
// draft's task list, one of its sections (personal details), its Check your answers, and the submitted one's
// receipt. The two applicants and their applications are made before the server starts, through the provider
// states the pacts use (apps/api/scripts/applicationPages.ts); programme 11's period is open around the clock
// (PERIODS_FILE, as tests/e2e/application.test.ts writes it), so Check your answers offers Submit.
// Prints each page's four scores (medians of BENCH_RUNS runs, default 3, with their range), ✓ when all four
// are at least 98, and for each category under 98 the audits that cost it points. Exits non-zero only when
// the harness fails (a page that is not 200, or that ends on another address), never on a score.
//
//   npm run bench:applications
//   BENCH_WEB_DIST=dir npm run bench:applications   # measure an existing build instead of building
//   BENCH_REPORT_DIR=dir npm run bench:applications # also keep each run's Lighthouse report (JSON) there
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildWeb,
  chromePath,
  lighthouseRunRetried,
  median,
  root,
  startProjectServer,
} from './bench-shared.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGET = 98;

const scratch = mkdtempSync(join(tmpdir(), 'pre-admission-bench-applications-'));
const japan = (offsetDays) =>
  new Date(Date.now() + offsetDays * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 16) + '+09:00';
const periodsFile = join(scratch, 'periods.json');
writeFileSync(
  periodsFile,
  JSON.stringify([
    { id: 'bench-master', programId: 11, entryYear: 2027, opensAt: japan(-30), closesAt: japan(30) },
  ]),
);

const loadAtStart = loadavg();
let server;
try {
  const webDist = process.env.BENCH_WEB_DIST || join(scratch, 'dist');
  if (!process.env.BENCH_WEB_DIST) {
    console.info('bench: building apps/web');
    await buildWeb(webDist);
  }
  const dataDir = join(scratch, 'pglite');
  server = await startProjectServer({
    webDist,
    dataDir,
    env: { PERIODS_FILE: periodsFile },
    prepare: (origin) =>
      JSON.parse(
        execFileSync(process.execPath, ['apps/api/scripts/applicationPages.ts', origin, dataDir], {
          cwd: root,
        }).toString(),
      ),
  });
  const { origin, prepared } = server;
  const { draft, submitted } = prepared;
  const pages = [
    { name: 'Applications (a submitted one listed)', route: '/applications', cookie: submitted.cookie },
    {
      name: 'Task list (complete draft)',
      route: `/applications/${draft.applicationId}`,
      cookie: draft.cookie,
    },
    {
      name: 'Section: personal details',
      route: `/applications/${draft.applicationId}/personal`,
      cookie: draft.cookie,
    },
    {
      name: 'Check your answers',
      route: `/applications/${draft.applicationId}/check`,
      cookie: draft.cookie,
    },
    {
      name: 'Receipt',
      route: `/applications/${submitted.applicationId}/receipt`,
      cookie: submitted.cookie,
    },
  ];
  console.info(`bench: serving ${webDist} on ${origin}; Lighthouse ${runs}× per page (mobile preset)`);

  const rows = [];
  const versions = new Set();
  for (const page of pages) {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      const status = (await fetch(origin + page.route, { headers: { cookie: page.cookie } })).status;
      if (status !== 200) throw new Error(`${page.route} answered ${status}`);
      const result = await lighthouseRunRetried(
        origin + page.route,
        { cookie: page.cookie, reportDir: process.env.BENCH_REPORT_DIR, categories },
        (error) => console.info(`  ${page.route} run ${i + 1}: Lighthouse error ${error}; measuring again`),
      );
      if (result.error) throw new Error(`${page.route}: Lighthouse runtime error ${result.error}`);
      if (result.finalPath !== page.route)
        throw new Error(`${page.route} ended on ${result.finalPath}: not the page measured`);
      results.push(result);
      versions.add(result.version);
      console.info(
        `  ${page.name} run ${i + 1}: ${categories.map((c) => `${c} ${result.scores[c]?.toFixed(0) ?? '-'}`).join(', ')}; LCP ${result.lcp?.toFixed(0)} ms, TBT ${result.tbt?.toFixed(0)} ms`,
      );
    }
    const scores = Object.fromEntries(
      categories.map((c) => {
        const values = results.map((r) => r.scores[c]);
        return [c, { median: median(values), min: Math.min(...values), max: Math.max(...values) }];
      }),
    );
    // Each audit that cost points in some run, with the range of its scores over the runs that failed it.
    const failing = Object.fromEntries(
      categories.map((c) => {
        const byAudit = new Map();
        for (const { id, score } of results.flatMap((r) => r.failing[c]))
          byAudit.set(id, [...(byAudit.get(id) ?? []), score]);
        return [
          c,
          [...byAudit].map(([id, s]) => {
            const [low, high] = [Math.min(...s), Math.max(...s)];
            return `${id} (${low === high ? low : `${low}–${high}`} in ${s.length} of ${runs} runs)`;
          }),
        ];
      }),
    );
    const metric = (key) => median(results.map((r) => r[key]));
    rows.push({ ...page, scores, failing, lcp: metric('lcp'), tbt: metric('tbt'), cls: metric('cls') });
  }

  const loadAtEnd = loadavg();
  const score = ({ median: m, min, max }) =>
    `${m?.toFixed(0) ?? 'n/a'}${min !== max ? ` [${min.toFixed(0)}–${max.toFixed(0)}]` : ''}`;
  const lines = [
    `bench:applications, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores, Node ${process.versions.node}, load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at the start, ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')} at the end`,
    `Medians [ranges] of ${runs} Lighthouse ${[...versions].join('/')} runs, mobile preset, ${chromePath}, signed in:`,
    '',
    '| Page | Route | Performance | Accessibility | Best practices | SEO | all ≥ 98 | LCP | TBT | CLS |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.name} | \`${row.route.replace(/\/[A-Za-z0-9_-]{22}(?=\/|$)/, '/{id}')}\` | ${categories.map((c) => score(row.scores[c])).join(' | ')} | ${categories.every((c) => row.scores[c].median >= TARGET) ? '✓' : '✗'} | ${(row.lcp / 1000).toFixed(2)} s | ${row.tbt.toFixed(0)} ms | ${row.cls.toFixed(3)} |`,
    ),
  ];
  for (const row of rows)
    for (const c of categories)
      if (row.scores[c].median < TARGET)
        lines.push(
          '',
          `${row.name}, ${c} ${row.scores[c].median.toFixed(0)}: ${row.failing[c].join(', ') || 'no single audit under 0.9'}`,
        );
  console.info(`\n${lines.join('\n')}\n`);
} finally {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
}
