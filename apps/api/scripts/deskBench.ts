// `npm run bench:desk` (a script, not a timed test; issue 40's "paging that stays fast with 10,000
// applications"): seeds 10,000 applications into a fresh database in a few statements (varied statuses, kinds,
// programmes, supervisors, nationalities, periods; names in Latin script, Japanese and Chinese), starts the
// server on it (production's settings: no run-time response validation, logs at warn) and reads the desk's list
// over HTTP with a desk member's session, as the console does: the newest page, three filters, name searches
// (lower case, upper case, full width, Japanese, Chinese), a reference number and a deep page. Each request is
// followed by the anchor, the staff session check (`getStaffSession`: the same cookie, session and role reads,
// no list), so the list's own cost is the ratio to it and a loaded machine shows in both. Prints p50 and p95 of
// each (goal: p95 under 100 ms), the machine's load, and with BENCH_EXPLAIN=1 the plan of each query.
// Measures one engine: PGlite, or PostgreSQL when DATABASE_URL is set (`npm run bench:desk` runs both, the
// second in a throwaway cluster from with-postgres.sh). Exits non-zero only when the harness fails (a request
// that is not 200, a total that is not the one seeded), never on a time.
//
//   npm run bench:desk
//   BENCH_RUNS=100 node apps/api/scripts/deskBench.ts                 # PGlite only, 100 requests a query
//   DATABASE_URL=postgres://… node apps/api/scripts/deskBench.ts      # an empty PostgreSQL database
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { newReference, referenceRandomBytes } from '@pre-admission/rules';
import { buildApp } from '../src/app.ts';
import type { ApplicationAnswers, StudentType } from '../src/application/repository.ts';
import type { ApplicationStatus } from '../src/application/stateMachine.ts';
import { filterOf, pageStatement, type ListQuery } from '../src/desk/applications.ts';
import { deskLists } from '../src/desk/reach.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase, type Database } from '../src/platform/db.ts';
import { COMPLETE_ANSWERS } from '../src/providerStates/applicationStates.ts';
import { setUpState } from '../src/providerStates/states.ts';
import type { SignedInStaff } from '../src/staff/access.ts';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARM_UP = 5;
const GOAL_MS = 100;

/** mulberry32: every run seeds the same applications. */
const random = (() => {
  let state = Number(process.env.BENCH_SEED ?? 40) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
})();
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

// Weighted as a desk's year might be: most applications submitted or under review, some returned, decided.
const STATUSES: readonly ApplicationStatus[] = [
  ...Array<ApplicationStatus>(4).fill('submitted'),
  ...Array<ApplicationStatus>(3).fill('underReview'),
  'returned',
  'resubmitted',
  ...Array<ApplicationStatus>(2).fill('decided'),
  'withdrawn',
];
const KINDS: readonly { studentType: StudentType; programmes: number[] }[] = [
  { studentType: 'researchStudent', programmes: [8, 9, 10, 16, 17] },
  { studentType: 'master', programmes: [11, 13] },
  { studentType: 'doctoral', programmes: [12, 14] },
  { studentType: 'exchange', programmes: [18] },
];
// China, Viet Nam, Korea, Indonesia, Thailand, India, Bangladesh, Nepal, Malaysia, Mongolia, Taiwan, USA.
const NATIONALITIES = [156, 156, 156, 704, 704, 410, 360, 764, 356, 50, 524, 458, 496, 158, 840];
const PERIODS = ['2027-april', '2027-october', '2028-april'];

const latin = {
  family: ['NGUYEN', 'TRAN', 'LE', 'PHAM', 'KIM', 'LEE', 'PARK', 'SANTOSO', 'WIJAYA', 'SHARMA', 'GUPTA'],
  given: ['VAN AN', 'THI MAI', 'MINJI', 'JIHOON', 'BUDI', 'SITI', 'PRIYA', 'ARJUN', 'SOMCHAI', 'ANAN'],
  extra: ['Müller', 'Dvořák', "O'Neil", 'Bat-Erdene', 'García'],
};
const chinese = {
  family: [
    ['WANG', '王'],
    ['LI', '李'],
    ['ZHANG', '张'],
    ['LIU', '刘'],
    ['CHEN', '陳'],
    ['YANG', '杨'],
    ['HUANG', '黄'],
    ['ZHAO', '赵'],
  ],
  given: [
    ['XIAOMING', '小明'],
    ['WEI', '伟'],
    ['FANG', '芳'],
    ['JING', '静'],
    ['HAOYU', '浩宇'],
    ['YUTONG', '雨桐'],
  ],
};
const japanese = {
  family: [
    ['TANAKA', '田中'],
    ['SATO', '佐藤'],
    ['SUZUKI', '鈴木'],
    ['TAKAHASHI', '高橋'],
  ],
  given: [
    ['MAI', '舞'],
    ['HARUTO', '陽翔'],
    ['YUI', '結衣'],
  ],
};

/** A name as an applicant of this nationality writes it: Latin script, and the name in kanji or hanzi if any. */
function nameOf(nationalityId: number, index: number) {
  if (nationalityId === 156 || nationalityId === 158 || (nationalityId === 840 && random() < 0.3)) {
    const [family, familyHan] = pick(chinese.family);
    const [given, givenHan] = pick(chinese.given);
    return { familyName: family!, givenNames: given!, nameJa: `${familyHan} ${givenHan}` };
  }
  if (random() < 0.05) {
    // Japanese descent, some nationality not Japan's: a kanji name too.
    const [family, familyKanji] = pick(japanese.family);
    const [given, givenKanji] = pick(japanese.given);
    return { familyName: family!, givenNames: given!, nameJa: `${familyKanji} ${givenKanji}` };
  }
  const family = random() < 0.1 ? pick(latin.extra) : pick(latin.family);
  // A number in one name in 1,000, so that a search for one person finds one.
  return { familyName: index % 1000 === 7 ? `${family}${index}` : family, givenNames: pick(latin.given) };
}

async function seed(db: Database, now: Date) {
  const lists = await deskLists(db);
  // The teachers who accept each kind (the teachers list's accept* flags), as the applicant's choice allows.
  const teachers = (
    await db.query<{ items: unknown }>("select items from reference_lists where name = 'teachers'")
  ).flatMap(
    (row) => (typeof row.items === 'string' ? JSON.parse(row.items) : row.items) as Record<string, unknown>[],
  );
  const accepts: Record<StudentType, string> = {
    researchStudent: 'acceptResearchStudent',
    master: 'acceptMaster',
    doctoral: 'acceptDoctoral',
    exchange: 'acceptExchange',
  };
  const teachersOf = (kind: StudentType) =>
    teachers.filter((t) => t[accepts[kind]] === true).map((t) => Number(t.id));
  const tag = randomBytes(4).toString('hex');
  const emails = Array.from({ length: APPLICATIONS }, (_, i) => `desk-bench.${tag}.${i}@example.com`);
  const accounts = await db.query<{ id: string }>(
    `insert into accounts (email, password_hash, created_at, updated_at, last_sign_in_at)
     select e, 'not-a-hash', $2, $2, $2 from unnest($1::text[]) with ordinality as t(e, n) order by n
     returning id::text as id`,
    [emails, now],
  );
  const { nameJa: _nameJa, ...personalRest } = COMPLETE_ANSWERS.personal ?? {};
  const rows = accounts.map((account, i) => {
    const kind = pick(KINDS);
    const status = pick(STATUSES);
    const nationalityId = pick(NATIONALITIES);
    const programId = pick(kind.programmes);
    const answers: ApplicationAnswers = {
      ...COMPLETE_ANSWERS,
      choices: { ...COMPLETE_ANSWERS.choices, programId, teacherId: pick(teachersOf(kind.studentType)) },
      // The complete answers' name (CHEN XIAOMING, 陳 小明) left out: each applicant has only their own.
      personal: { ...personalRest, ...nameOf(nationalityId, i), nationalityId },
    };
    // Submitted over the last year, in order.
    const submittedAt = new Date(now.getTime() - (APPLICATIONS - i) * 3_000_000);
    return {
      id: randomBytes(16).toString('base64url'),
      accountId: account.id,
      studentType: kind.studentType,
      programId,
      status,
      answers: JSON.stringify(answers),
      periodId: pick(PERIODS),
      reference: newReference(kind.studentType, 2027, randomBytes(referenceRandomBytes)),
      submittedAt,
      locale: random() < 0.5 ? 'ja' : 'en',
    };
  });
  const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
  await db.query(
    `insert into applications (id, account_id, student_type, program_id, status, answers, period_id, reference,
       created_at, updated_at, submitted_at, locale)
     select id, account_id, student_type, program_id, status, answers, period_id, reference,
       submitted_at, submitted_at, submitted_at, locale
       from unnest($1::text[], $2::bigint[], $3::text[], $4::integer[], $5::text[], $6::jsonb[], $7::text[],
         $8::text[], $9::timestamptz[], $10::text[])
         as t(id, account_id, student_type, program_id, status, answers, period_id, reference, submitted_at, locale)`,
    [
      column('id'),
      column('accountId'),
      column('studentType'),
      column('programId'),
      column('status'),
      column('answers'),
      column('periodId'),
      column('reference'),
      column('submittedAt'),
      column('locale'),
    ],
  );
  await db.query(
    `insert into application_history (application_id, seq, status, at)
     select id, 1, 'submitted', at from unnest($1::text[], $2::timestamptz[]) as t(id, at)`,
    [column('id'), column('submittedAt')],
  );
  await db.exec('analyze');
  return { rows, lists };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const dataDir = mkdtempSync(join(tmpdir(), 'desk-bench-'));
const loadAtStart = loadavg();
const config = loadConfig({
  WEB_DIST: '/nonexistent',
  DESK_DIST: '/nonexistent',
  VALIDATE_RESPONSES: '0',
  LOG_LEVEL: 'warn',
});
const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: join(dataDir, 'db'),
  poolSize: config.databasePoolSize,
});
const server = await buildApp({ config, db });
let failed = false;
try {
  const seedStart = performance.now();
  const { rows, lists } = await seed(db, new Date());
  const seedTime = performance.now() - seedStart;
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}${config.basePath}`;
  const { staffCookie } = await setUpState(server.services, 'a desk member is signed in');
  const headers = { cookie: String(staffCookie) };

  const count = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test).length;
  const nameHas = (row: (typeof rows)[number], word: string) => {
    const { personal } = JSON.parse(row.answers) as ApplicationAnswers;
    return [personal?.familyName, personal?.givenNames, personal?.nameJa]
      .join(' ')
      .normalize('NFKC')
      .toLowerCase()
      .includes(word);
  };
  // The family name with a number (nameOf), in lower case: one applicant.
  const onePerson =
    rows
      .map((r) => (JSON.parse(r.answers) as ApplicationAnswers).personal?.familyName ?? '')
      .findLast((name) => /[0-9]/.test(name))
      ?.toLowerCase() ?? 'nobody';
  const someReference = rows[Math.floor(rows.length / 2)]!.reference;
  const course3 = new Set(lists.teachers.filter((t) => t.courseId === 3).map((t) => t.id));
  const deepPage = Math.ceil(rows.length / 25);
  const scenarios: {
    name: string;
    query: Partial<Record<keyof ListQuery, string | number>>;
    expected: number;
  }[] = [
    { name: 'newest first, page 1', query: {}, expected: rows.length },
    {
      name: 'filter: status under review',
      query: { status: 'underReview' },
      expected: count((r) => r.status === 'underReview'),
    },
    {
      name: 'filter: doctoral, from Viet Nam',
      query: { kind: 'doctoral', nationality: 704 },
      expected: count((r) => r.studentType === 'doctoral' && r.answers.includes('"nationalityId":704')),
    },
    {
      name: 'filter: course 3, period 2027-october',
      query: { course: 3, period: '2027-october' },
      expected: count(
        (r) =>
          r.periodId === '2027-october' &&
          course3.has((JSON.parse(r.answers) as ApplicationAnswers).choices!.teacherId!),
      ),
    },
    { name: 'name: "nguyen"', query: { q: 'nguyen' }, expected: count((r) => nameHas(r, 'nguyen')) },
    { name: 'name: "NGUYEN"', query: { q: 'NGUYEN' }, expected: count((r) => nameHas(r, 'nguyen')) },
    {
      name: 'name: "ｎｇｕｙｅｎ ｖａｎ" (full width)',
      query: { q: 'ｎｇｕｙｅｎ ｖａｎ' },
      expected: count((r) => nameHas(r, 'nguyen') && nameHas(r, 'van')),
    },
    { name: 'name: "田中"', query: { q: '田中' }, expected: count((r) => nameHas(r, '田中')) },
    { name: 'name: "陳 小明"', query: { q: '陳 小明' }, expected: count((r) => nameHas(r, '陳 小明')) },
    {
      name: `name: one person ("${onePerson}")`,
      query: { q: onePerson },
      expected: count((r) => nameHas(r, onePerson)),
    },
    { name: 'reference number', query: { q: someReference.toLowerCase() }, expected: 1 },
    {
      name: `deep page: page ${deepPage} by reference`,
      query: { sort: 'reference', page: deepPage },
      expected: rows.length,
    },
    {
      name: `deep page: page ${Math.ceil(deepPage / 2)}, status submitted`,
      query: { status: 'submitted', page: Math.ceil(deepPage / 2) },
      expected: count((r) => r.status === 'submitted'),
    },
  ];

  const timed = async (path: string) => {
    const start = performance.now();
    const response = await fetch(origin + path, { headers });
    const body = await response.text();
    const time = performance.now() - start;
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body}`);
    return { time, body };
  };
  const pathOf = (query: Record<string, string | number>) =>
    `/api/staff/applications?${new URLSearchParams(Object.entries({ pageSize: 25, ...query }).map(([k, v]): [string, string] => [k, String(v)]))}`;

  const results = [];
  for (const scenario of scenarios) {
    const list: number[] = [];
    const anchor: number[] = [];
    for (let i = 0; i < WARM_UP + RUNS; i += 1) {
      const { time, body } = await timed(pathOf(scenario.query));
      const { time: anchorTime } = await timed('/api/staff/sessions/current');
      if (i === 0) {
        const { total } = JSON.parse(body) as { total: number };
        if (total !== scenario.expected) {
          console.error(`${scenario.name}: total ${total}, seeded ${scenario.expected}`);
          failed = true;
        }
      }
      if (i >= WARM_UP) {
        list.push(time);
        anchor.push(anchorTime);
      }
    }
    list.sort((a, b) => a - b);
    anchor.sort((a, b) => a - b);
    results.push({ ...scenario, list, anchor });
    if (process.env.BENCH_EXPLAIN) {
      const { filter, params } = filterOf(
        { assignment: { role: 'desk' } } as SignedInStaff,
        lists,
        scenario.query as ListQuery,
      );
      const query = { sort: '-submitted', page: 1, pageSize: 25, ...scenario.query } as ListQuery;
      for (const sql of [`select count(*) from applications where ${filter}`, pageStatement(filter, query)]) {
        const plan = await db.query<{ 'QUERY PLAN': string }>(`explain analyze ${sql}`, params);
        console.info(`\n${scenario.name}: ${sql}\n${plan.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);
      }
    }
  }

  const loadAtEnd = loadavg();
  const ms = (value: number) => value.toFixed(1);
  const lines = [
    `bench:desk on ${db.engine === 'pglite' ? 'PGlite' : `PostgreSQL (${process.env.DATABASE_URL?.replace(/\/\/[^@]*@/, '//')})`}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores, Node ${process.versions.node}, load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at the start, ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')} at the end`,
    `${rows.length} applications seeded in ${(seedTime / 1000).toFixed(1)} s; ${RUNS} requests a query over HTTP (after ${WARM_UP} not counted), 25 a page, each followed by the anchor (getStaffSession); goal p95 < ${GOAL_MS} ms`,
    '',
    '| Query | Total | p50 ms | p95 ms | max ms | anchor p50 ms | p50 / anchor | p95 < 100 ms |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.expected} | ${ms(percentile(r.list, 50))} | ${ms(percentile(r.list, 95))} | ${ms(r.list.at(-1)!)} | ${ms(percentile(r.anchor, 50))} | ${(percentile(r.list, 50) / percentile(r.anchor, 50)).toFixed(1)} | ${percentile(r.list, 95) < GOAL_MS ? '✓' : '✗'} |`,
    ),
  ];
  console.info(`\n${lines.join('\n')}\n`);
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
