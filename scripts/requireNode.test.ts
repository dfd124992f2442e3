// Every entry point that can meet a Node older than .nvmrc's says so in one line and what to run, never a stack
// trace (scripts/requireNode.mjs). Each command is taken from where it is written (package.json, the systemd
// unit of docs/operations.md), so a new entry point without the check, or a changed one, is tried as it is.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const rootScripts: Record<string, string> = JSON.parse(
  readFileSync(join(root, 'package.json'), 'utf8'),
).scripts;
const apiScripts: Record<string, string> = JSON.parse(
  readFileSync(join(root, 'apps/api/package.json'), 'utf8'),
).scripts;
const operations = readFileSync(join(root, 'docs/operations.md'), 'utf8');
const execStart = /^ExecStart=\/usr\/bin\/node (.+)$/m.exec(operations)?.[1];

/** [what, working directory, node's arguments] */
const entryPoints: [string, string, string[]][] = [
  ['npm start', root, args(rootScripts.start)],
  ['npm test', root, args(rootScripts.test)],
  ['npm run sessions:end-all', root, args(rootScripts['sessions:end-all'])],
  ['npm run second-factors:remove', root, [...args(rootScripts['second-factors:remove']), 'a@example.com']],
  ['npm run test:backup', root, args(rootScripts['test:backup']?.split(' && ')[0])],
  ['npm start -w @pre-admission/api-server', join(root, 'apps/api'), args(apiScripts.start)],
  ['the systemd unit (docs/operations.md)', root, execStart?.split(' ') ?? []],
];

function args(command: string | undefined) {
  const words = (command ?? '').split(' ');
  expect(words[0], command).toBe('node');
  return words.slice(1);
}

/** The machine's own Node, as found on PATH without the checkout's node_modules/.bin (npm puts it first). */
function machineNode() {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir || dir.includes('node_modules')) continue;
    const path = join(dir, 'node');
    const run = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    if (run.status === 0) return { path, version: run.stdout.trim() };
  }
  return undefined;
}
const machine = machineNode();
const wanted = Number(readFileSync(join(root, '.nvmrc'), 'utf8').trim());
const oldMachineNode = machine && Number(machine.version.split('.')[0]) < wanted ? machine : undefined;

function expectOneLine(run: ReturnType<typeof spawnSync>, version: string) {
  expect(run.status).toBe(1);
  expect(String(run.stdout)).toBe('');
  const lines = String(run.stderr).trim().split('\n');
  expect(lines).toEqual([
    expect.stringMatching(
      new RegExp(
        `^pre-admission: Node ${version.replaceAll('.', '\\.')} is older than the ${wanted} this project runs on`,
      ),
    ),
  ]);
  expect(lines[0]).toMatch(/npm|install Node/);
}

describe('an entry point on a Node older than .nvmrc names', () => {
  it('the systemd unit of docs/operations.md is found', () => {
    expect(execStart).toMatch(/--import \.\/scripts\/requireNode\.mjs apps\/api\/src\/main\.ts$/);
  });

  it.each(entryPoints)('%s says so in one line (judged as Node 20.20.2)', (_what, cwd, nodeArgs) => {
    const run = spawnSync(process.execPath, nodeArgs, {
      cwd,
      env: { ...process.env, NODE_VERSION_CHECK_AS: '20.20.2' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expectOneLine(run, '20.20.2');
  });

  it.skipIf(!oldMachineNode).each(entryPoints)(
    `%s says so in one line on the machine's own Node (${machine?.version ?? 'none'}; skipped where it is not older)`,
    (_what, cwd, nodeArgs) => {
      const run = spawnSync(oldMachineNode!.path, nodeArgs, {
        cwd,
        env: process.env,
        encoding: 'utf8',
        timeout: 30_000,
      });
      expectOneLine(run, oldMachineNode!.version);
      expect(run.stderr).not.toMatch(/^\s+at /m);
    },
  );

  it('a development checkout points to its own Node 24; a production install to installing one', async () => {
    const { nodeVersionProblem } = await import('./requireNode.mjs');
    expect(nodeVersionProblem('24.0.0')).toBeUndefined();
    expect(nodeVersionProblem('26.1.0')).toBeUndefined();
    // This checkout has node_modules/node (npm ci): the fix is to run through npm.
    expect(nodeVersionProblem('22.18.0')).toMatch(/node_modules\/\.bin\/node/);
  });
});
