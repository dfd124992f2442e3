// `npm test`'s first step (scripts/preflight.mjs): one line naming the Debian packages a machine lacks.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('preflight.mjs', import.meta.url));

function preflight(env: Record<string, string>) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [script], { env: { ...env }, encoding: 'utf8' });
  return { ...run, ms: performance.now() - started };
}

/** A machine in a temporary directory: each tool present or not. */
function machine(present: { chromium?: boolean; font?: boolean; java?: boolean }) {
  const root = mkdtempSync(join(tmpdir(), 'preflight-'));
  const bin = join(root, 'bin');
  mkdirSync(bin);
  const tool = (path: string) => {
    writeFileSync(path, '#!/bin/sh\n');
    chmodSync(path, 0o755);
  };
  if (present.chromium) tool(join(bin, 'chromium'));
  if (present.java) tool(join(bin, 'java'));
  if (present.font) writeFileSync(join(root, 'NotoSansCJK-Regular.ttc'), '');
  return {
    PATH: bin,
    PREFLIGHT_UID: '0',
    PREFLIGHT_CHROMIUM: join(bin, 'chromium'),
    PREFLIGHT_CJK_FONT: join(root, 'NotoSansCJK-Regular.ttc'),
  };
}

/** A stand-in apt-get, first on the machine's PATH. */
function aptGet(bin: string, body: string) {
  writeFileSync(join(bin, 'apt-get'), `#!/bin/sh\n${body}\n`);
  chmodSync(join(bin, 'apt-get'), 0o755);
}

describe('npm test preflight', () => {
  it('passes silently when everything is there', () => {
    const run = preflight(machine({ chromium: true, font: true, java: true }));
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('');
    expect(run.status).toBe(0);
  });

  it('stops with one line naming every missing Debian package', () => {
    const run = preflight(machine({}));
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/apt-get install chromium fonts-noto-cjk default-jre-headless$/);
  });

  it('stops first on a Node older than .nvmrc names, in one line saying what to run', () => {
    const run = preflight({
      ...machine({ chromium: true, font: true, java: true }),
      NODE_VERSION_CHECK_AS: '20.20.2',
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^pre-admission: Node 20\.20\.2 is older than the 24 this project runs on \(\.nvmrc\): .*npm/,
    );
  });

  it('as root with apt-get, installs what is missing, saying so in one line', () => {
    const env = machine({ java: true });
    const log = join(env.PATH, 'apt.log');
    aptGet(
      env.PATH,
      `echo "$*" >> ${log}
[ "$1" = install ] && : > ${env.PREFLIGHT_CJK_FONT} && printf '#!/bin/sh\\n' > ${env.PREFLIGHT_CHROMIUM} && /bin/chmod 755 ${env.PREFLIGHT_CHROMIUM}
exit 0`,
    );
    const run = preflight({ ...env, PREFLIGHT_UID: '0' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual([
      'preflight: installing chromium fonts-noto-cjk from Debian (chromium for the browser tests, fonts-noto-cjk for the screenshot comparisons; a minute or two)…',
    ]);
    expect(readFileSync(log, 'utf8')).toBe(
      'update -qq\ninstall -y -qq --no-install-recommends chromium fonts-noto-cjk\n',
    );
  });

  it('stops with the command to run when apt-get fails, or installs without making the checks pass', () => {
    const failing = machine({ java: true, font: true });
    aptGet(failing.PATH, 'echo "E: Unable to locate package chromium" >&2; exit 100');
    const run = preflight({ ...failing, PREFLIGHT_UID: '0' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'preflight: apt-get could not install chromium (E: Unable to locate package chromium): run apt-get update && apt-get install chromium',
    );

    const useless = machine({ java: true, font: true });
    aptGet(useless.PATH, 'exit 0');
    expect(preflight({ ...useless, PREFLIGHT_UID: '0' }).status).toBe(1);
  });

  it('does not install when not root, or when told not to: it names the command', () => {
    const env = machine({ java: true, font: true });
    const log = join(env.PATH, 'apt.log');
    aptGet(env.PATH, `echo "$*" >> ${log}; exit 0`);
    const notRoot = preflight({ ...env, PREFLIGHT_UID: '1000' });
    expect(notRoot.status).toBe(1);
    expect(notRoot.stderr.trim()).toBe(
      'preflight: missing chromium for the browser tests: sudo apt-get install chromium',
    );
    const toldNot = preflight({ ...env, PREFLIGHT_UID: '0', PREFLIGHT_INSTALL: '0' });
    expect(toldNot.status).toBe(1);
    expect(toldNot.stderr.trim()).toMatch(/: apt-get install chromium$/);
    expect(existsSync(log)).toBe(false);
  });

  it('names only what is missing: the CJK fonts', () => {
    const run = preflight(machine({ chromium: true, java: true }));
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'preflight: missing fonts-noto-cjk for the screenshot comparisons: apt-get install fonts-noto-cjk',
    );
  });

  it('does not take a non-executable file for the browser or Java', () => {
    const env = machine({ font: true });
    writeFileSync(env.PREFLIGHT_CHROMIUM, '');
    writeFileSync(join(env.PATH, 'java'), '');
    const run = preflight(env);
    expect(run.stderr).toMatch(/apt-get install chromium default-jre-headless$/m);
  });

  it('passes on this machine, quickly', () => {
    const run = preflight({ PATH: process.env.PATH ?? '', PREFLIGHT_INSTALL: '0' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // Node's own start is most of it; the checks are a handful of file look-ups.
    expect(run.ms).toBeLessThan(1000);
  });
});
