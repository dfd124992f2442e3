// `npm test`'s first step (scripts/preflight.mjs): one line naming the Debian packages a machine lacks.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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
    PREFLIGHT_CHROMIUM: join(bin, 'chromium'),
    PREFLIGHT_CJK_FONT: join(root, 'NotoSansCJK-Regular.ttc'),
  };
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

  it('stops first on a Node older than .nvmrc names, saying how to get it', () => {
    const run = preflight({
      ...machine({ chromium: true, font: true, java: true }),
      PREFLIGHT_NODE_VERSION: '20.20.2',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'preflight: Node 20.20.2 is older than the 24 that .nvmrc names: npm install -g --prefix ~/.cache/pre-admission/node24 node@24, then put its bin first on PATH (README.md)',
    );
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
    const run = preflight({ PATH: process.env.PATH ?? '' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // Node's own start is most of it; the checks are a handful of file look-ups.
    expect(run.ms).toBeLessThan(1000);
  });
});
