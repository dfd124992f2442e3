// The application periods (docs/operations.md#application-periods): the desk's file PERIODS_FILE, read at run
// time, the public list, the operator's check command, and production's refusal of a broken file.
import { execFile } from 'node:child_process';
import { utimesSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { programmeOptions } from '@pre-admission/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPeriodsFile } from '../../src/application/periods.ts';
import { ConfigError, defaultPeriodsFile, loadConfig } from '../../src/platform/config.ts';
import { seedFiles } from '../../src/reference/referenceData.ts';
import { startServer, type TestServer } from '../helpers.ts';
import { periodsFile, type PeriodEntry } from './helpers.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../', import.meta.url));

const period = (id: string, programId: number, opensAt: string, closesAt: string): PeriodEntry => ({
  id,
  programId,
  entryYear: 2099,
  opensAt,
  closesAt,
});

const april = period('2099-april-master', 11, '2098-11-02T09:00+09:00', '2099-01-15T17:00+09:00');
const october = period('2099-october-master', 13, '2099-04-01T09:00+09:00', '2099-06-11T17:00:00+09:00');
const longAgo = period('2090-april-master', 11, '2089-11-01T09:00+09:00', '2090-01-15T17:00+09:00');
const doctoral = period('2099-april-doctoral', 12, '2098-11-02T09:00+09:00', '2099-01-15T17:00+09:00');

let written = 0;
/** Rewrites the file with a modification time of its own, as a desk's later edit would have. */
function rewrite(file: string, content: unknown): void {
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  written += 1;
  const at = new Date(Date.UTC(2030, 0, 1) + written * 1000);
  utimesSync(file, at, at);
}

describe('GET /api/application-periods', () => {
  let server: TestServer;
  const file = periodsFile([october, longAgo, doctoral, april]);
  beforeAll(async () => {
    server = await startServer({ periodsFile: file });
    // Japan time 2099-01-15 16:59: April's periods still open, October's upcoming.
    server.clock.advance(Date.parse('2099-01-15T07:59:00Z') - server.clock.now().getTime());
  });
  afterAll(() => server.close());

  it('lists every period not closed more than a year ago, by programme then opening, with its state now; public for a minute', async () => {
    const answer = await server.call('listApplicationPeriods');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
    expect(answer.body).toEqual([
      {
        id: '2099-april-master',
        programId: 11,
        opensAt: '2098-11-02T00:00:00.000Z',
        closesAt: '2099-01-15T08:00:00.000Z',
        state: 'open',
      },
      {
        id: '2099-april-doctoral',
        programId: 12,
        opensAt: '2098-11-02T00:00:00.000Z',
        closesAt: '2099-01-15T08:00:00.000Z',
        state: 'open',
      },
      {
        id: '2099-october-master',
        programId: 13,
        opensAt: '2099-04-01T00:00:00.000Z',
        closesAt: '2099-06-11T08:00:00.000Z',
        state: 'upcoming',
      },
    ]);
  });

  it('closes a period at its stated minute exactly', async () => {
    server.clock.advance(Date.parse('2099-01-15T08:00:00Z') - 1 - server.clock.now().getTime());
    const before = (await server.call('listApplicationPeriods')).body as { state: string }[];
    expect(before[0]!.state).toBe('open');
    server.clock.advance(1);
    const at = (await server.call('listApplicationPeriods')).body as { state: string }[];
    expect(at[0]!.state).toBe('closed');
  });

  it('picks up an edit of the file without a restart', async () => {
    rewrite(file, [october]);
    expect((await server.call('listApplicationPeriods')).body).toEqual([
      expect.objectContaining({ id: '2099-october-master' }),
    ]);
  });

  it('keeps the last good list when an edit breaks the file, and logs what is wrong', async () => {
    rewrite(file, [{ ...april, closesAt: '2098-01-01T09:00+09:00' }]);
    const answer = await server.call('listApplicationPeriods');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([expect.objectContaining({ id: '2099-october-master' })]);
    expect(server.logs.text).toContain('0.closesAt: closes before it opens (closesAt must be after opensAt)');
    rewrite(file, []);
    expect((await server.call('listApplicationPeriods')).body).toEqual([]);
  });
});

describe('a malformed file is named with every problem', () => {
  const check = (content: unknown) => {
    const read = readPeriodsFile(periodsFile(content));
    return 'problem' in read ? read.problem : 'accepted';
  };
  it.each([
    ['not JSON', '[{"id": ', 'is not JSON'],
    ['not a list', april, 'the file: '],
    [
      'no offset',
      [{ ...april, opensAt: '2098-11-02T09:00' }],
      '0.opensAt: is not a Japan time to the minute',
    ],
    ['another offset', [{ ...april, closesAt: '2099-01-15T08:00Z' }], '0.closesAt: is not a Japan time'],
    ['a day that does not exist', [{ ...april, opensAt: '2099-02-30T09:00+09:00' }], '0.opensAt:'],
    ['seconds', [{ ...april, closesAt: '2099-01-15T17:00:30+09:00' }], '0.closesAt:'],
    ['closes before it opens', [{ ...april, closesAt: april.opensAt }], '0.closesAt: closes before it opens'],
    ['an unknown programme', [{ ...april, programId: 99 }], '0.programId: is not a programme option'],
    ['an id repeated', [april, { ...october, id: april.id }], '1.id: repeats the id of period 0'],
    [
      'two periods of a programme at once',
      [
        april,
        { ...april, id: 'overlap', opensAt: '2099-01-15T16:00+09:00', closesAt: '2099-02-01T09:00+09:00' },
      ],
      '1.opensAt: overlaps period 0 (2099-april-master)',
    ],
    ['a misspelt key', [{ ...april, closeAt: april.closesAt }], 'closeAt'],
  ])('%s', (_case, content, expected) => {
    const problem = check(content);
    expect(problem).toContain('PERIODS_FILE=');
    expect(problem).toContain(expected);
  });

  it('production refuses to start on it, naming PERIODS_FILE; a good file starts', () => {
    const PRODUCTION = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://apply.example.ac.jp',
      SMTP_URL: 'smtp://mail.example.ac.jp:587',
      DATABASE_URL: 'postgres://pre_admission@db.example.ac.jp:5432/pre_admission',
    };
    const bad = periodsFile([{ ...april, closesAt: april.opensAt }]);
    let problems: readonly string[] = [];
    try {
      loadConfig({ ...PRODUCTION, PERIODS_FILE: bad });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems).toEqual([
      expect.stringMatching(
        /^PERIODS_FILE=".*" is malformed: 0\.closesAt: closes before it opens.*#application-periods\)$/,
      ),
    ]);
    const good = periodsFile([april]);
    expect(loadConfig({ ...PRODUCTION, PERIODS_FILE: good }).periodsFile).toBe(good);
    // Unset: the repository's file, which is good.
    expect(loadConfig(PRODUCTION).periodsFile).toBe(defaultPeriodsFile);
  });
});

describe('the periods shipped in the repository (apps/api/data/periods.json)', () => {
  const read = readPeriodsFile(defaultPeriodsFile);

  it('are well formed', () => {
    expect('problem' in read ? read.problem : '').toBe('');
  });

  it('give every programme option offered for a kind of application a period', () => {
    const programs = seedFiles().programs as Parameters<typeof programmeOptions>[0];
    const offered = (['researchStudent', 'master', 'doctoral', 'exchange'] as const).flatMap((kind) =>
      programmeOptions(programs, kind).map((option) => option.id),
    );
    const periods = 'periods' in read ? read.periods : [];
    expect(offered.filter((id) => !periods.some((p) => p.programId === id))).toEqual([]);
  });
});

describe('npm run periods -- check [FILE]', () => {
  const command = (...args: string[]) =>
    run('node', ['--import', './scripts/requireNode.mjs', 'apps/api/scripts/periods.ts', ...args], {
      cwd: root,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('prints every period in Japan time with its state, and exits 0', async () => {
    const { code, stdout } = await command('check', periodsFile([october, april]));
    expect(code).toBe(0);
    expect(stdout).toContain('2 period(s), no problem found. Japan time (UTC+9)');
    expect(stdout).toMatch(
      /upcoming +2099-april-master +11 MASTER_APRIL +entry 2099 +2098-11-02 09:00 → 2099-01-15 17:00/,
    );
    expect(stdout).toMatch(
      /upcoming +2099-october-master +13 MASTER_OCTOBER +entry 2099 +2099-04-01 09:00 → 2099-06-11 17:00/,
    );
  });

  it('names every problem of a broken file, and exits 1', async () => {
    const { code, stderr } = await command('check', periodsFile([{ ...april, programId: 99 }]));
    expect(code).toBe(1);
    expect(stderr).toContain('0.programId: is not a programme option of the programs list');
  });

  it('says how to use it otherwise, and exits 2', async () => {
    const { code, stderr } = await command('list');
    expect(code).toBe(2);
    expect(stderr).toContain('Usage: npm run periods -- check [FILE]');
  });
});
