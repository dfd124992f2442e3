// The packed package.json of @pre-admission/api, i18n, ui and account (docs/testing.md#the-kit-as-packages).
// In the repository every package's `exports` point at its TypeScript sources, so the apps, Storybook and
// the tests use the sources with no build. npm does not apply `publishConfig.exports` itself, so
// `npm pack` and `npm publish` run this: `prepack` puts the dist `exports` in place (after checking
// that every file they name was built) and keeps the original beside it; `postpack` puts the original back.
import { copyFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const manifest = 'package.json';
const kept = 'package.json.repo';
const step = process.argv[2];

/** Every file an exports map names (wildcards: their directory must exist). */
function targets(exports) {
  const found = [];
  const walk = (value) => {
    if (typeof value === 'string') found.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(exports);
  return found;
}

// A pack that failed after prepack (npm skips postpack then) left the packed manifest in place: put the
// repository's back first.
if (existsSync(kept)) renameSync(kept, manifest);

if (step === 'prepack') {
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  const published = pkg.publishConfig?.exports;
  if (!published) throw new Error(`${pkg.name}: no publishConfig.exports to pack`);
  const missing = targets(published)
    .map((target) => (target.includes('*') ? target.slice(0, target.indexOf('*')) : target))
    .filter((target) => !existsSync(join(process.cwd(), target)));
  if (missing.length > 0) {
    console.error(`${pkg.name}: not built (${missing.join(', ')}); run \`npm run build:packages\` first.`);
    process.exit(1);
  }
  copyFileSync(manifest, kept);
  const { exports: _source, ...rest } = pkg;
  const { exports: _dist, ...publishConfig } = pkg.publishConfig;
  const packed = { ...rest, exports: published, publishConfig };
  // The repository's own scripts mean nothing to an installer; the two pack hooks stay so postpack runs.
  packed.scripts = { prepack: pkg.scripts.prepack, postpack: pkg.scripts.postpack };
  delete packed.devDependencies;
  writeFileSync(manifest, `${JSON.stringify(packed, null, 2)}\n`);
} else if (step !== 'postpack' && step !== 'restore') {
  console.error('Usage: pack-manifest.mjs prepack|postpack');
  process.exit(2);
}
