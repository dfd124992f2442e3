// `npm run test:visual:update [-- story files]`: runs the story tests (storybook-ja and storybook-en) with
// Vitest's --update, so every story's screenshot becomes its baseline in .storybook/visual/<locale>/ where it
// is missing or differs beyond the tolerance (docs/testing.md#visual-regression). After a whole run that
// passed, the baselines that no story used (their story was renamed or deleted) are removed: each story's
// test marks its baseline as used by setting its modification time.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, unlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const baselines = join(root, '.storybook/visual');
const files = process.argv.slice(2);
const started = Date.now();

const run = spawnSync(
  'npx',
  // `--update=all`, not `--update` then the files: Vitest 4's --update takes an optional value, and took the
  // first file for it, so every story ran and was re-shot.
  ['vitest', 'run', '--project', 'storybook-ja', '--project', 'storybook-en', '--update=all', ...files],
  {
    cwd: root,
    stdio: 'inherit',
    // --update writes baselines even when CI is set (without it, CI mode never writes one).
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', VISUAL_REGRESSION: '1' },
  },
);
if (run.status !== 0) {
  console.error('test:visual:update: some stories failed; no baseline was removed.');
  process.exit(run.status ?? 1);
}
// Only a whole run knows which baselines are unused.
if (files.length > 0) process.exit(0);

const unused = [];
for (const locale of readdirSync(baselines)) {
  for (const name of readdirSync(join(baselines, locale))) {
    const file = join(baselines, locale, name);
    // A second of slack: some file systems keep whole seconds.
    if (statSync(file).mtimeMs < started - 1000) unused.push(file);
  }
}
for (const file of unused) {
  unlinkSync(file);
  console.info(`test:visual:update: removed ${relative(root, file)} (no story uses it)`);
}
