// How a finished build becomes the one served, without breaking a server that is running
// (docs/hosting.md#rebuilding): `dist` is a symbolic link to one folder of `builds/`, and a new build is
// written to a folder of its own and the link swapped in one rename. A running server resolved the link
// when it started (apps/api/src/plugins/webHosting.ts), so it keeps serving its own build, pages and hashed
// assets alike, until it restarts; the next server serves the new one. Older builds are removed, keeping the
// newest few, so servers started from them go on working for a while.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** How many builds are kept, the served one included. */
export const KEEP_BUILDS = 3;

/** The folder holding the builds of the link `dist`: `builds/` beside it. */
export function buildsDir(dist) {
  return join(dirname(resolve(dist)), 'builds');
}

let made = 0;

/** A new, empty folder for a build, named so that names sort by time (to the millisecond). */
export function newBuildDir(dist) {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('Z', '');
  made += 1;
  const dir = join(buildsDir(dist), `${stamp}-${process.pid}-${String(made).padStart(4, '0')}`);
  mkdirSync(buildsDir(dist), { recursive: true });
  // Not recursive: a folder of that name already there is an error, never a build written into twice.
  mkdirSync(dir);
  return dir;
}

/** Makes `dist` point at `build` in one step; prunes older builds. Returns the builds removed. */
export function switchBuild(dist, build, keep = KEEP_BUILDS) {
  dist = resolve(dist);
  const builds = buildsDir(dist);
  // A `dist` folder from before builds were switched (or a plain `vite build`): moved into builds/ once. A
  // server running on it at that moment loses its files (restart it); every later switch is seamless.
  if (existsSync(dist) && !lstatSync(dist).isSymbolicLink()) {
    // Onto an empty folder of its own: rename(2) replaces an empty directory.
    renameSync(dist, newBuildDir(dist));
  }
  const link = `${dist}.switching-${process.pid}`;
  rmSync(link, { force: true });
  symlinkSync(relative(dirname(dist), resolve(build)), link);
  // rename(2) replaces the old link atomically: a reader sees the old build or the new, never neither.
  renameSync(link, dist);
  return prune(builds, resolve(build), keep);
}

function prune(builds, current, keep) {
  const names = readdirSync(builds).sort();
  const keepNames = new Set(names.slice(-keep));
  keepNames.add(basename(current));
  const removed = [];
  for (const name of names) {
    if (keepNames.has(name)) continue;
    rmSync(join(builds, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** The build folder `dist` points at, or undefined. */
export function currentBuild(dist) {
  try {
    return resolve(dirname(resolve(dist)), readlinkSync(dist));
  } catch {
    return undefined;
  }
}

// As a command, for the server's test of a rebuild (apps/api/test/webRebuild.test.ts):
//   node apps/web/scripts/switchBuild.mjs new DIST              prints a new build folder
//   node apps/web/scripts/switchBuild.mjs switch DIST BUILD [KEEP]   prints the builds removed, as JSON
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, dist, build, keep] = process.argv.slice(2);
  if (command === 'new' && dist) console.info(newBuildDir(dist));
  else if (command === 'switch' && dist && build)
    console.info(JSON.stringify(switchBuild(dist, build, keep ? Number(keep) : undefined)));
  else {
    console.error('usage: switchBuild.mjs new DIST | switch DIST BUILD [KEEP]');
    process.exit(2);
  }
}
