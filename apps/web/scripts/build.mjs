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
run(bin('vite'), ['build', '--outDir', out, '--emptyOutDir']);
run(bin('tsx'), ['scripts/prerender.ts', out]);
// When the sources were read: scripts/webBuild.mjs (npm start) rebuilds when a source is newer.
writeFileSync(join(out, '.vite', 'build.json'), JSON.stringify({ startedAt }));
const removed = switchBuild(dist, out);
console.info(
  `web build: ${dist} -> ${out}${removed.length ? ` (removed older builds: ${removed.join(', ')})` : ''}`,
);
