// Set-up of every api test file: keeps test/engineFree.ts honest. A file listed there fails if it opens a
// database in its own process (PGlite here, pg on PostgreSQL: counted while it runs), or if it or a test
// module it imports names DATABASE_URL (a test that runs only on PostgreSQL opens nothing here) or starts a
// child process other than through test/serverProcess.ts, whose servers run on PGlite whatever the run's
// engine. test/helpers.ts names DATABASE_URL for the in-process server, which the count sees.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, expect, vi } from 'vitest';
import { ENGINE_FREE } from './engineFree.ts';

const SERVER_PROCESS = resolve(import.meta.dirname, 'serverProcess.ts');
const HELPERS = resolve(import.meta.dirname, 'helpers.ts');
const name = (path: string): string => relative(resolve(import.meta.dirname, '..'), path);

/** The file and the test folder's modules it imports, directly or through one another. */
function localModules(start: string): string[] {
  const seen = new Set<string>();
  const visit = (path: string): void => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const [, specifier] of readFileSync(path, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const target = resolve(dirname(path), specifier!);
      if (target.startsWith(import.meta.dirname + '/')) visit(target);
    }
  };
  visit(start);
  return [...seen];
}

const testPath = expect.getState().testPath;
if (!testPath) throw new Error('test/engineUse.ts: no test file path');
const file = name(testPath);
const listed = ENGINE_FREE.includes(file);
if (listed || process.env.ENGINE_USE_REPORT) {
  const opens = [vi.spyOn(PGlite, 'create'), vi.spyOn(pg, 'Pool'), vi.spyOn(pg, 'Client')];
  afterAll(() => {
    const count = opens.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    if (process.env.ENGINE_USE_REPORT) console.info(`engine use: ${file} ${count}`);
    if (!listed) return;
    const modules = localModules(testPath);
    const naming = modules.filter(
      (m) => m !== SERVER_PROCESS && m !== HELPERS && readFileSync(m, 'utf8').includes('DATABASE_URL'),
    );
    const spawning = modules.filter(
      (m) =>
        m !== SERVER_PROCESS &&
        readFileSync(m, 'utf8')
          .split('\n')
          .some((line) => line.includes('child_process') && !line.startsWith('import type ')),
    );
    const problems = [
      !readFileSync(SERVER_PROCESS, 'utf8').includes('DATABASE_URL: undefined') &&
        'test/serverProcess.ts no longer unsets DATABASE_URL for its servers',
      count > 0 && `opened ${count} database(s)`,
      naming.length > 0 && `names DATABASE_URL (${naming.map(name).join(', ')})`,
      spawning.length > 0 && `starts child processes (${spawning.map(name).join(', ')})`,
    ].filter(Boolean);
    expect(
      problems,
      `${file} is listed in test/engineFree.ts (skipped on PostgreSQL) but ${problems.join(', ')}: remove it from the list`,
    ).toEqual([]);
  });
}
