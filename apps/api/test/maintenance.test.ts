// Issue 27 defect 10: the maintenance stops come from the desk's file (MAINTENANCE_FILE) at run time, not from
// a constant built into the web app (docs/operations.md#maintenance-windows).
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/platform/config.ts';
import { readMaintenanceFile } from '../src/platform/maintenance.ts';
import { startServer, type TestServer } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'maintenance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let written = 0;
/** Writes the file with a modification time of its own, as a desk's later edit would have. */
function writeWindows(file: string, content: unknown): void {
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  written += 1;
  const at = new Date(Date.UTC(2030, 0, 1) + written * 1000);
  utimesSync(file, at, at);
}

const text = { ja: '出願準備の保存はできません。', en: 'You cannot save your plan.' };
const past = { start: '2020-01-01T09:00:00+09:00', end: '2020-01-02T09:00:00+09:00', text };
const later = { start: '2099-05-01T17:00:00+09:00', end: '2099-05-02T10:00:00+09:00', text };
const sooner = { start: '2099-03-01T17:00:00+09:00', end: '2099-03-02T10:00:00+09:00', text };

describe('GET /api/maintenance-windows', () => {
  let server: TestServer;
  const file = join(dir, 'maintenance.json');
  beforeAll(async () => {
    writeWindows(file, [later, past, sooner]);
    server = await startServer({ maintenanceFile: file });
  });
  afterAll(() => server.close());

  it('answers the stops not yet over, earliest first, cacheable for a minute', async () => {
    const answer = await server.call('listMaintenanceWindows');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
    expect(answer.body).toEqual([
      { start: '2099-03-01T08:00:00.000Z', end: '2099-03-02T01:00:00.000Z', text },
      { start: '2099-05-01T08:00:00.000Z', end: '2099-05-02T01:00:00.000Z', text },
    ]);
  });

  it('picks up an edit of the file without a restart', async () => {
    writeWindows(file, [{ ...sooner, text: { ja: '変更', en: 'Changed' } }]);
    const answer = await server.call('listMaintenanceWindows');
    expect(answer.body).toEqual([
      {
        start: '2099-03-01T08:00:00.000Z',
        end: '2099-03-02T01:00:00.000Z',
        text: { ja: '変更', en: 'Changed' },
      },
    ]);
  });

  it('keeps the last good list when an edit breaks the file, and logs what is wrong', async () => {
    writeWindows(file, [{ ...later, end: '2099-04-01T00:00:00+09:00' }]);
    const answer = await server.call('listMaintenanceWindows');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        start: '2099-03-01T08:00:00.000Z',
        end: '2099-03-02T01:00:00.000Z',
        text: { ja: '変更', en: 'Changed' },
      },
    ]);
    expect(server.logs.text).toContain('0.end: ends before it starts (end must be after start)');
    // Mended: served again.
    writeWindows(file, []);
    expect((await server.call('listMaintenanceWindows')).body).toEqual([]);
  });

  it('leaves a stop out once its end has passed', async () => {
    writeWindows(file, [sooner]);
    expect((await server.call('listMaintenanceWindows')).body).toHaveLength(1);
    server.clock.advance(Date.parse('2099-03-02T01:00:00Z') - server.clock.now().getTime());
    expect((await server.call('listMaintenanceWindows')).body).toEqual([]);
  });
});

describe('without MAINTENANCE_FILE', () => {
  it('announces no stop', async () => {
    const server = await startServer();
    try {
      const answer = await server.call('listMaintenanceWindows');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('a malformed file is named with its problem', () => {
  const check = (content: string) => {
    const file = join(dir, 'check.json');
    writeFileSync(file, content);
    const read = readMaintenanceFile(file);
    return 'problem' in read ? read.problem : 'accepted';
  };
  it.each([
    ['not JSON', '[{"start": ', 'is not JSON'],
    ['not a list', JSON.stringify(later), 'the file: '],
    [
      'no offset',
      JSON.stringify([{ ...later, start: '2099-05-01T17:00:00' }]),
      '0.start: is not a date-time with its offset',
    ],
    ['end before start', JSON.stringify([{ ...later, end: later.start }]), '0.end: ends before it starts'],
    ['English text missing', JSON.stringify([sooner, { ...later, text: { ja: 'x' } }]), '1.text.en:'],
    ['empty text', JSON.stringify([{ ...later, text: { ja: ' ', en: 'x' } }]), '0.text.ja: is empty'],
    ['a misspelt key', JSON.stringify([{ ...later, ende: later.end }]), 'ende'],
  ])('%s', (_case, content, expected) => {
    const problem = check(content);
    expect(problem).toContain('MAINTENANCE_FILE=');
    expect(problem).toContain(expected);
  });

  it('a file that is not there', () => {
    expect(readMaintenanceFile(join(dir, 'nowhere.json'))).toEqual({
      problem: expect.stringContaining('cannot be read (ENOENT)'),
    });
  });

  it('production refuses to start on it; a good file starts', () => {
    const PRODUCTION = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://apply.example.ac.jp',
      SMTP_URL: 'smtp://mail.example.ac.jp:587',
      DATABASE_URL: 'postgres://pre_admission@db.example.ac.jp:5432/pre_admission',
    };
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([{ ...later, end: later.start }]));
    let problems: readonly string[] = [];
    try {
      loadConfig({ ...PRODUCTION, MAINTENANCE_FILE: bad });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems).toEqual([expect.stringContaining('0.end: ends before it starts')]);
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify([later]));
    expect(loadConfig({ ...PRODUCTION, MAINTENANCE_FILE: good }).maintenanceFile).toBe(good);
  });
});
