// Is apps/web's build older than its sources? `npm start` rebuilds when it is (scripts/start.mjs), so a
// change to a screen or a catalogue (a translator's import, packages/i18n/README.md#for-translators) reaches
// the site with the next start. The sources are what the build reads: apps/web's own files and every
// package's src/ (the catalogues among them), less tests, stories and screenshots, which it never reads.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SKIP = /(^|\/)(node_modules|__screenshots__)$|\.(test|test-d|stories)\.tsx?$/;

function* files(path) {
  if (SKIP.test(path) || !existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path)) yield* files(join(path, entry));
}

/** The files an app's build reads (`web`, or `desk`: the desk's console), under the repository `root`. */
export function webSources(root, app = 'web') {
  const own = ['index.html', 'src', 'scripts', 'vite.config.ts', 'package.json'].map((name) =>
    join(root, 'apps', app, name),
  );
  const packages = readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name, 'src'));
  return [...own, ...packages].flatMap((path) => [...files(path)]);
}

/** When the build in `dist` read its sources: its build.json (scripts/build.mjs), else its index.html's time. */
function builtAt(dist) {
  const stamp = join(dist, '.vite', 'build.json');
  if (existsSync(stamp)) return JSON.parse(readFileSync(stamp, 'utf8')).startedAt;
  return statSync(join(dist, 'index.html')).mtimeMs;
}

/**
 * `{ built: false }` without a build; otherwise whether a source changed since, and the first one found.
 * `dist` defaults to apps/web/dist.
 */
export function webBuildState(root, dist = join(root, 'apps', 'web', 'dist'), app = 'web') {
  if (!existsSync(join(dist, 'index.html'))) return { built: false, stale: true };
  const since = builtAt(dist);
  for (const file of webSources(root, app)) {
    if (statSync(file).mtimeMs > since) return { built: true, stale: true, newer: relative(root, file) };
  }
  return { built: true, stale: false };
}

/** The same for the desk's console (apps/desk/dist), which `npm start` builds beside the web app. */
export const deskBuildState = (root) => webBuildState(root, join(root, 'apps', 'desk', 'dist'), 'desk');

// As a command: `node scripts/webBuild.mjs [DIST]` prints the state as JSON (tests/e2e/translatorSteps.test.ts).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  console.info(JSON.stringify(webBuildState(root, process.argv[2] ? resolve(process.argv[2]) : undefined)));
}
