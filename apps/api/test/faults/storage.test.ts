// Real storage faults under the embedded database (PGlite), on a small ext4 file system in a loop device:
// forced read-only the way the kernel does it after a disk error (errors=remount-ro and ext4's
// trigger_fs_error), filled up, or mounted read-only before the start. chmod would prove nothing here: the
// tests run as root, and root writes through permission bits. Needs root and loop devices (the CI machine);
// elsewhere the suite is skipped, saying so.
//
// Before (operators' report, reproduced): after the folder turned read-only the first registration got a 500,
// then PGlite spun in its WebAssembly: every request and /api/health timed out, SIGTERM was never handled
// (the event loop was blocked), and the process had to be killed with SIGKILL.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, spawnServer, startServer, type Running } from '../serverProcess.ts';

const available =
  process.getuid?.() === 0 && existsSync('/dev/loop-control') && existsSync('/usr/sbin/mkfs.ext4');

interface Disk {
  dir: string;
  /** Forces the file system read-only, as the kernel does after an I/O error (errors=remount-ro). */
  fail(): void;
  /** Writes a file until the file system is full. */
  fill(): void;
  remove(): void;
}

function makeDisk(options: { readOnly?: boolean } = {}): Disk {
  const root = mkdtempSync(join(tmpdir(), 'api-fault-'));
  const image = join(root, 'disk.img');
  const dir = join(root, 'mnt');
  execFileSync('mkdir', [dir]);
  execFileSync('truncate', ['-s', '200M', image]);
  execFileSync('mkfs.ext4', ['-q', '-F', image]);
  execFileSync('mount', ['-o', 'loop,errors=remount-ro', image, dir]);
  execFileSync('mkdir', [join(dir, 'data')]);
  if (options.readOnly) execFileSync('mount', ['-o', 'remount,ro', dir]);
  const device = basename(execFileSync('findmnt', ['-n', '-o', 'SOURCE', dir]).toString().trim());
  return {
    dir,
    fail: () => writeFileSync(`/sys/fs/ext4/${device}/trigger_fs_error`, '1'),
    fill: () => {
      try {
        execFileSync('dd', ['if=/dev/zero', `of=${join(dir, 'filler')}`, 'bs=1M'], { stdio: 'ignore' });
      } catch {
        // dd ends with "No space left on device": the point.
      }
    },
    remove: () => {
      execFileSync('umount', [dir]);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function own(running: Running): Running {
  cleanups.push(async () => {
    if (running.child.exitCode === null && running.child.signalCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
  });
  return running;
}
function disk(options?: { readOnly?: boolean }): Disk {
  const made = makeDisk(options);
  cleanups.push(() => made.remove());
  return made;
}
const port = () => 18410 + Math.floor(Math.random() * 80);

describe.skipIf(!available)('the embedded database on a failing disk', () => {
  it('the folder turns read-only while serving: requests fail fast, the process says why and exits 1', async () => {
    const data = disk();
    const server = own(await startServer(port(), { DATA_DIR: join(data.dir, 'data') }));
    const register = (email: string) => call(server.base, 'POST', '/api/applicant/registrations', { email });
    expect((await register('before@example.com')).status).toBe(202);

    data.fail();
    const after = [await register('after1@example.com'), await register('after2@example.com')];
    const ready = await call(server.base, 'GET', '/api/health/ready');
    const ended = await Promise.race([
      server.exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 10_000)),
    ]);
    console.info('read-only:', JSON.stringify({ after, ready: ready.status, ended }));
    // Every request was answered or refused at once (the process may already be gone): none hangs.
    for (const result of [...after, ready]) expect(result.ms, JSON.stringify(result)).toBeLessThan(3_000);
    expect(ended).not.toBe('still running');
    expect(ended).toMatchObject({ code: 1 });
    expect(server.output()).toContain(`the embedded database cannot write ${join(data.dir, 'data')}`);
    expect(server.output()).toMatch(/read-only file system/i);
  }, 120_000);

  it('the disk fills up: readiness says so at once (503, "storage"), while liveness stays 200', async () => {
    const data = disk();
    const server = own(await startServer(port(), { DATA_DIR: join(data.dir, 'data') }));
    expect((await call(server.base, 'GET', '/api/health/ready')).status).toBe(200);
    data.fill();
    const ready = await call(server.base, 'GET', '/api/health/ready');
    console.info('full disk, ready:', ready.status, ready.text);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toMatchObject({
      type: 'urn:pre-admission:problem:not-ready',
      detail: expect.stringMatching(/storage: .* MiB free/),
    });
    expect((await call(server.base, 'GET', '/api/health/live')).status).toBe(200);
    // Writes that still fit succeed; one that does not stops the process: either way, nothing hangs.
    for (let i = 0; i < 5 && server.child.exitCode === null; i += 1) {
      const result = await call(server.base, 'POST', '/api/applicant/registrations', {
        email: `full${i}@example.com`,
      });
      expect(result.ms, JSON.stringify(result)).toBeLessThan(3_000);
    }
  }, 120_000);

  it('a read-only DATA_DIR at start: the server names the folder and the problem, and exits 1', async () => {
    const data = disk({ readOnly: true });
    const started = spawnServer(port(), { DATA_DIR: join(data.dir, 'data') });
    const ended = await started.exited;
    console.info('read-only at start:', ended, started.output().split('\n')[0]);
    expect(ended.code).toBe(1);
    expect(started.output()).toContain(
      `The server does not start: DATA_DIR ${join(data.dir, 'data')} cannot be written (EROFS: read-only file system`,
    );
  }, 60_000);
});

describe('the watchdog (lifecycle.ts)', () => {
  it('an event loop blocked for good: the process is killed within the stall limit, SIGTERM or not', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const { startWatchdog } = await import('./src/platform/lifecycle.ts'); startWatchdog(1000); process.on('SIGTERM', () => {}); setTimeout(() => { console.log('blocking'); for (;;); }, 100);",
      ],
      { cwd: new URL('../..', import.meta.url), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (d: Buffer) => d.toString().includes('blocking') && resolve()),
    );
    const started = Date.now();
    // The handler above would ignore it anyway; the loop, blocked, never even runs it.
    child.kill('SIGTERM');
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, s) => resolve(s)),
    );
    expect(signal).toBe('SIGKILL');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(output).toMatch(/watchdog: the event loop has not answered for \d+ ms/);
  }, 30_000);
});
