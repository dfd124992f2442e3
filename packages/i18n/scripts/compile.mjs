#!/usr/bin/env node
// `npm run i18n:compile`: compiles every source catalogue src/catalogues/<area>.<locale>.json to the formatjs
// AST in src/generated/<area>.<locale>.json. One output per source, so a change to one area's messages
// changes only that area's compiled files and people working on different areas never touch the same file.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sources = readdirSync(join(root, 'src/catalogues')).filter((file) =>
  /^[a-z]+\.(ja|en)\.json$/.test(file),
);
const outputs = [];
for (const file of sources) {
  const out = join('src/generated', file);
  execFileSync(
    'formatjs',
    ['compile', join('src/catalogues', file), '--ast', '--format', 'simple', '--out-file', out],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  outputs.push(out);
}
execFileSync('prettier', ['--log-level', 'warn', '--write', ...outputs], { cwd: root, stdio: 'inherit' });
console.info(`i18n: compiled ${outputs.length} catalogues into src/generated/`);
