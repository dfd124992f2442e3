#!/usr/bin/env node
// `npm run i18n:compile`: compiles every source catalogue src/catalogues/<area>.<locale>.json to the formatjs
// AST in src/generated/<area>.<locale>.json. One output per source, so a change to one area's messages
// changes only that area's compiled files and people working on different areas never touch the same file.
// Then it cuts what the site loads (src/bundles/parts.json) out of them: per language, the first bundle and
// one file per part, in src/generated/parts/ (src/messages.ts loads them; the gate checks them).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
/** The areas the site loads in parts; the ui area travels with the entry, the planner's with its chunk. */
const loadedAreas = ['account', 'app'];
const parts = Object.entries(JSON.parse(readFileSync(join(root, 'src/bundles/parts.json'), 'utf8'))).filter(
  ([key]) => !key.startsWith('$'),
);
mkdirSync(join(root, 'src/generated/parts'), { recursive: true });
for (const locale of ['ja', 'en']) {
  const first = Object.assign(
    {},
    ...loadedAreas.map((area) =>
      JSON.parse(readFileSync(join(root, `src/generated/${area}.${locale}.json`), 'utf8')),
    ),
  );
  for (const [part, prefixes] of parts) {
    const messages = {};
    for (const [id, message] of Object.entries(first))
      if (prefixes.some((prefix) => id.startsWith(prefix))) {
        messages[id] = message;
        delete first[id];
      }
    const out = `src/generated/parts/${part}.${locale}.json`;
    writeFileSync(join(root, out), JSON.stringify(messages));
    outputs.push(out);
  }
  const out = `src/generated/parts/first.${locale}.json`;
  writeFileSync(join(root, out), JSON.stringify(first));
  outputs.push(out);
}
execFileSync('prettier', ['--log-level', 'warn', '--write', ...outputs], { cwd: root, stdio: 'inherit' });
console.info(`i18n: compiled ${sources.length} catalogues into src/generated/, and cut the site's bundles`);
