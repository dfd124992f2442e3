// A rebuild of the web app while the server runs (docs/hosting.md#rebuilding): the build writes a new
// folder and switches `dist` to it (apps/web/scripts/switchBuild.mjs); a running server goes on serving the
// build it started with, pages and hashed assets alike, and the next server serves the new one. Before, the
// build emptied `dist` in place, and every page's scripts answered 404 until a restart.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';
import { writeBuildFile } from './webBuild.ts';

/** A build as apps/web writes it, its entry chunk and style sheet named after `name` (Vite's hashes). */
function writeBuild(dir: string, name: string): void {
  const write = (file: string, text: string) => writeBuildFile(dir, file, text);
  write(
    'index.html',
    `<!doctype html><base href="/" /><title>${name}</title>` +
      `<script type="module" src="./assets/index-${name}.js"></script>` +
      `<link rel="stylesheet" href="./assets/index-${name}.css">`,
  );
  write(`assets/index-${name}.js`, `console.log(${JSON.stringify(name)})`);
  write(`assets/index-${name}.css`, 'body{margin:0}');
  write(
    '.vite/manifest.json',
    JSON.stringify({
      'index.html': { file: `assets/index-${name}.js`, isEntry: true, css: [`assets/index-${name}.css`] },
    }),
  );
}

const switchBuild = fileURLToPath(new URL('../../web/scripts/switchBuild.mjs', import.meta.url));
const run = (...args: string[]) =>
  execFileSync(process.execPath, [switchBuild, ...args], { encoding: 'utf8' }).trim();

/** Builds `name` into a new folder of builds/ and switches `dist` to it, as apps/web/scripts/build.mjs does. */
function build(dist: string, name: string, keep?: number): string[] {
  const out = run('new', dist);
  writeBuild(out, name);
  return JSON.parse(run('switch', dist, out, ...(keep ? [String(keep)] : []))) as string[];
}

/** The page's scripts and style sheets, and the status of each. */
async function assetsOfPage(server: TestServer) {
  const page = await server.app.inject({ method: 'GET', url: '/' });
  const files = [...page.body.matchAll(/(?:src|href)="\.\/(assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
  const statuses: Record<string, number> = {};
  for (const file of files)
    statuses[file] = (await server.app.inject({ method: 'GET', url: `/${file}` })).statusCode;
  return { title: /<title>([^<]*)/.exec(page.body)?.[1], statuses };
}

describe('rebuilding the web app while the server runs', () => {
  let work: string;
  let dist: string;
  let running: TestServer;
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'web-rebuild-'));
    dist = join(work, 'dist');
    build(dist, 'First1');
    running = await startServer({ webDist: dist });
  });
  afterAll(async () => {
    await running.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("keeps the running server's page and every asset it names", async () => {
    expect(await assetsOfPage(running)).toEqual({
      title: 'First1',
      statuses: { 'assets/index-First1.js': 200, 'assets/index-First1.css': 200 },
    });
    build(dist, 'Second2');
    expect(await assetsOfPage(running)).toEqual({
      title: 'First1',
      statuses: { 'assets/index-First1.js': 200, 'assets/index-First1.css': 200 },
    });
  });

  it('the next server serves the new build', async () => {
    const next = await startServer({ webDist: dist }, running);
    try {
      expect(await assetsOfPage(next)).toEqual({
        title: 'Second2',
        statuses: { 'assets/index-Second2.js': 200, 'assets/index-Second2.css': 200 },
      });
    } finally {
      await next.close();
    }
  });

  it('keeps the newest builds and removes older ones', () => {
    const removed = [build(dist, 'Third3', 2), build(dist, 'Fourth4', 2)].flat();
    expect(removed).toHaveLength(2);
  });

  it('moves a dist folder from before builds were switched into builds/, and switches', async () => {
    const earlier = join(work, 'earlier', 'dist');
    writeBuild(earlier, 'Plain5');
    build(earlier, 'Sixth6');
    const next = await startServer({ webDist: earlier }, running);
    try {
      expect((await assetsOfPage(next)).title).toBe('Sixth6');
    } finally {
      await next.close();
    }
    expect(readdirSync(join(work, 'earlier', 'builds'))).toHaveLength(2);
  });
});
