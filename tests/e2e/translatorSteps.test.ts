// The translators' steps from an imported XLIFF file to the site (packages/i18n/README.md#for-translators),
// followed as written: the import changes a message, `npm start`'s check finds the build older than the
// catalogues, and the rebuild (`npm run build -w @pre-admission/web`) writes the new text into the page.
//
// It imports into the repository's own catalogues (the build reads them there) and puts every file back
// afterwards; the e2e files run one at a time (vitest.config.ts), and the suite's build is made before.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './harness/processes.ts';

const i18n = join(repoRoot, 'packages', 'i18n', 'src');
const before = 'ログイン画面に戻る';
const after = 'ログイン画面へ戻る';

/** Every catalogue and compiled catalogue, as it is now. */
function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  for (const dir of ['catalogues', 'generated', 'generated/parts'])
    for (const name of readdirSync(join(i18n, dir)).filter((file) => file.endsWith('.json')))
      files.set(join(i18n, dir, name), readFileSync(join(i18n, dir, name), 'utf8'));
  return files;
}

/** npm start's check (scripts/webBuild.mjs): is the build in `dist` older than the sources? */
function webBuildState(dist: string): { built: boolean; stale: boolean; newer?: string } {
  const output = execFileSync(process.execPath, [join(repoRoot, 'scripts', 'webBuild.mjs'), dist], {
    encoding: 'utf8',
  });
  return JSON.parse(output) as { built: boolean; stale: boolean; newer?: string };
}

function npm(...args: string[]): string {
  // Vitest sets NODE_ENV=test, which Vite would keep: the build must be a production one.
  return execFileSync('npm', args, {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

describe('a translator’s change, from the XLIFF file to the built page', () => {
  let work: string;
  let saved: Map<string, string>;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'translator-steps-'));
    saved = snapshot();
  });
  afterAll(() => {
    for (const [file, text] of saved) writeFileSync(file, text);
    rmSync(work, { recursive: true, force: true });
  });

  it('imports, finds the build stale, rebuilds, and the page has the new text', () => {
    // A build made before the translator's change, as the site has it (its stamp, scripts/build.mjs; the
    // real build comes once, below, to keep the test short).
    const dist = join(work, 'dist');
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>an earlier build</title>');
    writeFileSync(join(dist, '.vite', 'build.json'), JSON.stringify({ startedAt: Date.now() }));
    const page = () => readFileSync(join(dist, 'pages', 'ja', 'registrationRequest.html'), 'utf8');
    expect(webBuildState(dist)).toEqual({ built: true, stale: false });

    // The translator's tool changed one target.
    npm('run', 'i18n:export', '--', work);
    const xliff = readFileSync(join(work, 'ja.xlf'), 'utf8');
    expect(xliff).toContain(`<target>${before}</target>`);
    writeFileSync(
      join(work, 'ja.xlf'),
      xliff.replace(`<target>${before}</target>`, `<target>${after}</target>`),
    );

    // packages/i18n/README.md#for-translators, step by step.
    expect(npm('run', 'i18n:import', join(work, 'ja.xlf'))).toMatch(/ja: 0 added, 1 changed/);
    const state = webBuildState(dist);
    expect(state).toMatchObject({ built: true, stale: true });
    expect(state.newer).toMatch(/^packages\/i18n\/src\/(catalogues|generated)\//);
    npm('run', 'build', '-w', '@pre-admission/web', '--', dist);
    expect(page()).toContain(after);
    expect(page()).not.toContain(before);
    expect(webBuildState(dist)).toEqual({ built: true, stale: false });
  });
});
