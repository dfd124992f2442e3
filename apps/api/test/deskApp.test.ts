// The desk's console as the server sends it (apps/desk, docs/security.md#staff): its own build under
// `{base}/desk/`, the page written with its base path and a fresh CSP nonce as the web app's, its assets from
// its own allow-list, every unknown page path under it the console's page (its router's not-found screen),
// and the web app's pages and files untouched beside it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';
import { raw } from './inject.ts';

/** A build like Vite's: index.html, one asset, the manifest that lists it. */
function build(prefix: string, title: string, asset: string): string {
  const dist = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><base href="/" /><meta property="csp-nonce" content="" nonce="" /><title>${title}</title><script type="module" src="./assets/${asset}"></script>`,
  );
  writeFileSync(join(dist, 'assets', asset), `console.log(${JSON.stringify(title)})`);
  writeFileSync(join(dist, 'assets', 'secret.js'), 'not listed');
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: `assets/${asset}`, isEntry: true } }),
  );
  return dist;
}

let plain: TestServer;
let server: TestServer;
let based: TestServer;
beforeAll(async () => {
  plain = await startServer();
  const webDist = build('web-dist-', 'applicant', 'web-1.js');
  const deskDist = build('desk-dist-', 'desk console', 'desk-1.js');
  server = await startServer({ webDist, deskDist }, plain);
  based = await startServer({ webDist, deskDist, basePath: '/pre-admission' }, plain);
});
afterAll(async () => {
  await based?.close();
  await server?.close();
  await plain?.close();
});

describe("the desk's console", () => {
  it('is sent for /desk/ and every page path under it, with its base path and a fresh nonce', async () => {
    const nonces = new Set<string>();
    for (const path of ['/desk/', '/desk/index.html', '/desk/sign-in', '/desk/applications/abc?page=2']) {
      const { response } = await raw(server, 'GET', path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type'], path).toMatch(/^text\/html/);
      expect(response.body, path).toContain('<title>desk console</title>');
      expect(response.body, path).toContain('<base href="/desk/" />');
      const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1];
      expect(nonce, path).toBeTruthy();
      expect(String(response.headers['content-security-policy']), path).toContain(`'nonce-${nonce}'`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(4);
  });

  it("has the web app's page headers (security headers, CSP, no caching of the page)", async () => {
    const desk = (await raw(server, 'GET', '/desk/')).response;
    const web = (await raw(server, 'GET', '/')).response;
    expect(web.body).toContain('<title>applicant</title>');
    for (const header of [
      'x-content-type-options',
      'referrer-policy',
      'strict-transport-security',
      'x-frame-options',
      'cross-origin-opener-policy',
      'permissions-policy',
      'cache-control',
    ])
      expect(desk.headers[header], header).toEqual(web.headers[header]);
    const csp = (value: unknown) => String(value).replace(/'nonce-[^']+'/g, 'nonce');
    expect(csp(desk.headers['content-security-policy'])).toBe(csp(web.headers['content-security-policy']));
  });

  it('sends its listed assets, and neither an unlisted file nor the web app’s under its path', async () => {
    const asset = await raw(server, 'GET', '/desk/assets/desk-1.js');
    expect(asset.response.statusCode).toBe(200);
    expect(asset.response.body).toContain('desk console');
    expect(asset.response.headers['cache-control']).toContain('immutable');
    for (const path of ['/desk/assets/secret.js', '/desk/assets/web-1.js', '/assets/desk-1.js'])
      expect((await raw(server, 'GET', path)).response.statusCode, path).toBe(404);
    expect((await raw(server, 'GET', '/assets/web-1.js')).response.statusCode).toBe(200);
  });

  it('sends the console for /desk too, and no page for a file-like path under it', async () => {
    const bare = await raw(server, 'GET', '/desk');
    expect(bare.response.statusCode).toBe(200);
    expect(bare.response.body).toContain('<base href="/desk/" />');
    for (const path of ['/desk/.env', '/desk/config.json'])
      expect((await raw(server, 'GET', path)).response.statusCode, path).toBe(404);
  });

  it('follows the base path', async () => {
    const { response } = await raw(based, 'GET', '/pre-admission/desk/applications');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<base href="/pre-admission/desk/" />');
    expect((await raw(based, 'GET', '/pre-admission/desk/assets/desk-1.js')).response.statusCode).toBe(200);
    expect((await raw(based, 'GET', '/desk/')).response.statusCode).toBe(404);
  });

  it('is not there without its build: the path is no page of the console', async () => {
    const { response } = await raw(plain, 'GET', '/desk/applications');
    expect(response.body).not.toContain('desk console');
  });
});
