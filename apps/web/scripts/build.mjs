// `npm run build -w @pre-admission/web [-- DIST]`: the client build (Vite) and the prerendered pages
// (scripts/prerender.ts), written to a new folder of builds/, then switched in as `dist` (DIST, default
// apps/web/dist) in one step (scripts/switchBuild.mjs): a server running meanwhile keeps serving the build
// it started with, so building never breaks it. A failed build switches nothing.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newBuildDir, switchBuild } from './switchBuild.mjs';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = resolve(process.argv[2] ?? join(webRoot, 'dist'));
const startedAt = Date.now();
const out = newBuildDir(dist);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: webRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    rmSync(out, { recursive: true, force: true });
    console.error(`web build: ${command} ${args.join(' ')} failed; ${dist} is unchanged.`);
    process.exit(result.status ?? 1);
  }
}

// The workspace's tools are installed at the repository's root.
const bin = (name) => join(webRoot, '..', '..', 'node_modules', '.bin', name);
// WEB_BUILD_QUIET=1 (npm start's first build, for a newcomer): each step in a line with its time, without
// Vite's table of every chunk.
const quiet = process.env.WEB_BUILD_QUIET === '1';
function step(number, what, command, args) {
  const at = Date.now();
  if (quiet) console.info(`web build: step ${number} of 2, ${what}…`);
  run(command, args);
  if (quiet)
    console.info(`web build: step ${number} of 2 done in ${((Date.now() - at) / 1000).toFixed(0)} s`);
}
step('1', 'the browser bundle (Vite)', bin('vite'), [
  'build',
  '--outDir',
  out,
  '--emptyOutDir',
  ...(quiet ? ['--logLevel', 'warn'] : []),
]);
step('2', 'the public pages, prerendered in Japanese and English', bin('tsx'), ['scripts/prerender.ts', out]);
// When the sources were read: scripts/webBuild.mjs (npm start) rebuilds when a source is newer.
writeFileSync(join(out, '.vite', 'build.json'), JSON.stringify({ startedAt }));
const removed = switchBuild(dist, out);
console.info(
  `web build: ${dist} -> ${out}${removed.length ? ` (removed older builds: ${removed.join(', ')})` : ''}`,
);
