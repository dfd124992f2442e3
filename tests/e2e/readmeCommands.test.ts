// The README's first command, `npm ci && npm start`, as a newcomer runs it: `npm start` in this checkout (CI's is
// a fresh clone whose `npm ci` ran on the machine's own Node, as .ci/run does), started by npm on the machine's
// own Node, with nothing of the project's first on PATH. npm puts the checkout's own Node 24
// (node_modules/.bin/node, the `node` development dependency) first for the script, which builds the web app
// if it is missing or stale, starts MailDev and serves the site. The second command is .ci/run itself.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort, repoRoot } from './harness/processes.ts';

const machinePath = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((dir) => dir && !dir.includes('node_modules'))
  .join(delimiter);
const machineNode = spawnSync('node', ['--version'], {
  env: { PATH: machinePath },
  encoding: 'utf8',
}).stdout.trim();
const dataDir = mkdtempSync(join(tmpdir(), 'readme-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it(`npm start serves the site and names the mailbox, started on the machine's own Node (${machineNode || 'none'})`, async () => {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: machinePath,
    HOME: process.env.HOME ?? tmpdir(),
    PORT: String(port),
    DATA_DIR: dataDir,
  };
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  try {
    // A fresh clone builds the web app first (a minute or two on two cores).
    const deadline = Date.now() + 540_000;
    let page: Response | undefined;
    while (!page?.ok && Date.now() < deadline && child.exitCode === null) {
      page = await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
      if (!page?.ok) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(page?.status, output.slice(-3000)).toBe(200);
    expect(page?.headers.get('content-type')).toMatch(/^text\/html/);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(output).toMatch(/Development mailbox:\s+http:\/\/127\.0\.0\.1:\d+\//);
    expect(output).not.toMatch(/ERR_UNKNOWN_FILE_EXTENSION|older than the/);
  } finally {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGINT');
  }
  // Ctrl-C (SIGINT to the whole group, as a terminal sends it) stops the server, then MailDev; npm ends on
  // the signal, and nothing of the group is left running.
  const ended = await Promise.race([
    exited,
    new Promise((resolve) => setTimeout(resolve, 30_000, 'still running')),
  ]);
  expect(ended, output.slice(-3000)).toMatch(/^(0|SIGINT)$/);
  await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  expect(groupAlive(child.pid!), 'a process of npm start outlived Ctrl-C').toBe(false);
}, 660_000);

function groupAlive(pgid: number) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}
