// Finding 13: the whole build directory was served: `/.vite/manifest.json`, every `.map`, dotfiles, and
// `/./pages/pages.json` or `//pages/…` past the prerendered pages' guard. Static files now come from an
// allow-list, the built assets the Vite manifest lists (docs/hosting.md#static-files).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers.ts';
import { writeBuildFile, writePrerenderedPrivacy } from '../webBuild.ts';

let dist: string;
let root: TestServer;
let based: TestServer;

/** A small build as apps/web writes it: assets, their maps and precompressed copies, the manifest, pages. */
function writeBuild(dir: string): void {
  const write = (file: string, text: string | Buffer) => writeBuildFile(dir, file, text);
  write('index.html', '<!doctype html><base href="/" /><title>shell</title>');
  write('assets/index-AbC123.js', 'console.log("app")');
  write('assets/index-AbC123.js.br', brotliCompressSync('console.log("app")'));
  write('assets/index-AbC123.js.map', '{"sources":["../../src/secret-source.ts"]}');
  write('assets/Screen-Xy_9.js', 'export const screen = 1');
  write('assets/index-Def456.css', 'body{margin:0}');
  write('assets/logo-Q1w2.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('assets/left-over.js', 'console.log("not in the manifest")');
  write('.env', 'SECRET=1');
  write('assets/.hidden', 'hidden');
  write(
    '.vite/manifest.json',
    JSON.stringify({
      'index.html': {
        file: 'assets/index-AbC123.js',
        isEntry: true,
        css: ['assets/index-Def456.css'],
        assets: ['assets/logo-Q1w2.svg'],
        dynamicImports: ['src/Screen.tsx'],
      },
      'src/Screen.tsx': { file: 'assets/Screen-Xy_9.js', isDynamicEntry: true },
    }),
  );
  writePrerenderedPrivacy(
    dir,
    (lang) => `<!doctype html><html lang="${lang}"><script nonce="">hold()</script>raw page`,
  );
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeBuild(dist);
  root = await startServer({ webDist: dist });
  based = await startServer({ webDist: dist, basePath: '/pre-admission' }, root);
});
afterAll(async () => {
  await based.close();
  await root.close();
  rmSync(dist, { recursive: true, force: true });
});

const internals = [
  '/.vite/manifest.json',
  '/.vite/',
  '/assets/index-AbC123.js.map',
  '/.env',
  '/assets/.hidden',
  '/assets/left-over.js',
  '/pages/pages.json',
  '/pages/en/privacy.html',
  '/./pages/pages.json',
  '//pages/pages.json',
  '//pages/en/privacy.html',
  '/assets/../pages/pages.json',
  '/%2E/pages/pages.json',
  '/pages%2Fpages.json',
  '/%2e%76ite/manifest.json',
  '/./assets/index-AbC123.js.map',
  '//.vite/manifest.json',
  '/ASSETS/index-AbC123.js.map',
  '/index.html.br',
];

describe.each([
  ['the root base path', () => root, ''],
  ['a sub base path', () => based, '/pre-admission'],
])('under %s', (_name, server, base) => {
  it.each(internals)('an attacker asks for %s: 404, and nothing of the build in the answer', async (path) => {
    const response = await server().app.inject({ method: 'GET', url: `${base}${path}` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    for (const leak of ['secret-source', 'isEntry', 'basePlaceholder', 'SECRET=1', 'raw page', 'hidden'])
      expect(response.body).not.toContain(leak);
  });

  it('the assets the manifest lists are served, precompressed when accepted', async () => {
    for (const file of [
      'assets/index-AbC123.js',
      'assets/Screen-Xy_9.js',
      'assets/index-Def456.css',
      'assets/logo-Q1w2.svg',
    ]) {
      const response = await server().app.inject({ method: 'GET', url: `${base}/${file}` });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['cache-control']).toContain('immutable');
    }
    const compressed = await server().app.inject({
      method: 'GET',
      url: `${base}/assets/index-AbC123.js`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("app")');
  });

  it('pages are still pages: the SPA fallback and the prerendered page', async () => {
    const spa = await server().app.inject({ method: 'GET', url: `${base}/registrations/some-token` });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('<title>shell</title>');
    const page = await server().app.inject({ method: 'GET', url: `${base}/privacy` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('raw page');
    expect(page.body).toMatch(/<script nonce="[^"]+">/);
  });
});
