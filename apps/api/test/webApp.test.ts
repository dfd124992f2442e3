// The web app as the server sends it: its build under a base path with the SPA fallback, the prerendered
// pages, the style nonce and the cookie (docs/hosting.md).
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, uniqueEmail, type TestServer } from './helpers.ts';
import { expectProblem, raw } from './inject.ts';
import { writeBuildFile, writePrerenderedPrivacy } from './webBuild.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('the web app', () => {
  it('until apps/web/dist exists, serves a page that says so and names the mailbox', async () => {
    const { response } = await raw(server, 'GET', '/registrations/abc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('not built yet');
    expect(response.body).toContain('http://localhost:8080/api/debug/mails');
    expect(response.body).not.toMatch(/<script|style=/);
  });

  it('serves dist under a base path with the SPA fallback; API under the same base path; cookie path = base path', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><base href="/" /><title>app</title><script type="module" src="./assets/app.js"></script>',
    );
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'app.js.br'), brotliCompressSync('console.log(1)'));
    // Only what the Vite manifest lists is served (docs/hosting.md#static-files).
    mkdirSync(join(dist, '.vite'));
    writeFileSync(
      join(dist, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/app.js', isEntry: true } }),
    );
    // apps/web precompresses index.html too; the server must still write its <base href>.
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync('<!doctype html><base href="/" />stale'));
    const based = await startServer({ basePath: '/pre-admission', webDist: dist }, server);
    try {
      for (const entry of ['/pre-admission/', '/pre-admission', '/pre-admission/index.html']) {
        const index = await based.app.inject({ url: entry, headers: { 'accept-encoding': 'br, gzip' } });
        expect(index.statusCode, entry).toBe(200);
        // Compressed per response, never the stale precompressed file: its <base href> is written in.
        expect(index.headers['content-encoding']).toBe('br');
        const body = brotliDecompressSync(index.rawPayload).toString();
        expect(body).toContain('<title>app</title>');
        expect(body).toContain('<base href="/pre-admission/" />');
      }
      const asset = await raw(based, 'GET', '/pre-admission/assets/app.js');
      expect(asset.response.statusCode).toBe(200);
      expect(asset.response.headers['content-type']).toMatch(/javascript/);
      expect(asset.response.headers['cache-control']).toContain('immutable');
      const compressed = await raw(based, 'GET', '/pre-admission/assets/app.js', {
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(compressed.response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(compressed.response.rawPayload).toString()).toBe('console.log(1)');
      for (const route of [
        '/pre-admission/password-reset/abc',
        '/pre-admission/Applications/',
        '/pre-admission/no/such/page',
      ]) {
        const page = await raw(based, 'GET', route);
        expect(page.response.statusCode).toBe(200);
        expect(page.response.body).toContain('<title>app</title>');
        // the base path reaches the app through <base href>, so its relative asset URLs resolve
        expect(page.response.body).toContain('<base href="/pre-admission/" />');
      }
      expectProblem(await raw(based, 'GET', '/pre-admission/api/nothing'), 404);
      expectProblem(await raw(based, 'GET', '/elsewhere'), 404);
      const health = await based.call('getHealth');
      expect(health.status).toBe(200);

      const email = uniqueEmail();
      await based.call('requestRegistration', { body: { email } });
      const mails = (await based.call('listDebugMails')).body as { text: string }[];
      expect(mails[0]!.text).toMatch(
        /http:\/\/localhost:8080\/pre-admission\/registrations\/[A-Za-z0-9_-]{43}/,
      );
      const token = /registrations\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;
      await based.call('finishRegistration', { params: { token }, body: { password: 'Passw0rd2026' } });
      const signIn = await based.call('signIn', { body: { email, password: 'Passw0rd2026' } });
      expect(signIn.setCookie[0]).toMatch(/Path=\/pre-admission/);
    } finally {
      await based.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('sends a prerendered page in the language the app would choose, with the base path and a nonce written in', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><base href="/" /><title>shell</title>');
    writePrerenderedPrivacy(
      dist,
      (lang) =>
        `<!doctype html><html lang="${lang}"><base href="/" /><script nonce="">hold()</script>` +
        `<a href="/__base__/registrations-request">${lang}</a>`,
    );
    const based = await startServer({ basePath: '/pre-admission', webDist: dist }, server);
    try {
      const get = (url: string, headers: Record<string, string> = {}) => raw(based, 'GET', url, { headers });
      const english = await get('/pre-admission/Privacy/', { 'accept-language': 'zh-TW,zh;q=0.9,en;q=0.8' });
      expect(english.response.headers['content-language']).toBe('en');
      expect(english.response.headers.vary).toMatch(/Cookie.*Accept-Language/);
      expect(english.response.body).toContain('<html lang="en">');
      expect(english.response.body).toContain('<a href="/pre-admission/registrations-request">');
      expect(english.response.body).toContain('<base href="/pre-admission/" />');
      // One nonce per response, in the CSP and on the page's one inline script.
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(
        String(english.response.headers['content-security-policy']),
      )?.[1];
      expect(nonce).toBeTruthy();
      expect(english.response.body).toContain(`<script nonce="${nonce}">`);

      // The saved choice (the language cookie) wins over the browser's languages; no preference: Japanese.
      const saved = await get('/pre-admission/privacy', {
        cookie: 'pre-admission.locale=ja',
        'accept-language': 'en',
      });
      expect(saved.response.body).toContain('<html lang="ja">');
      expect((await get('/pre-admission/privacy')).response.body).toContain('<html lang="ja">');

      // Other paths get the shell; the page files themselves are never sent raw (no base path, no nonce).
      const shell = await get('/pre-admission/password-reset/abc', { 'accept-language': 'en' });
      expect(shell.response.body).toContain('<title>shell</title>');
      expect(shell.response.headers['content-language']).toBeUndefined();
      // docs/hosting.md#static-files: a path that looks like a file is a 404, not the app.
      const file = await get('/pre-admission/pages/en/privacy.html');
      expect(file.response.statusCode).toBe(404);
      expect(file.response.body).not.toContain('lang="en"');
    } finally {
      await based.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  // Issue 27 defect 6: `/privacy//` answered the API's JSON problem. A page path that is not canonical (two or
  // more trailing slashes, an encoded slash, an empty segment) is no route: the not-found page, with 404.
  it.each([
    '/privacy//',
    '/privacy///',
    '/privacy%2F',
    '/privacy%2f%2F',
    '/registrations-request//',
    '/privacy//x',
    '//privacy',
    '/registrations%2Fabc',
  ])(
    'answers %s with the not-found page (the shell, 404), never a problem or the page itself',
    async (path) => {
      const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><base href="/" /><title>shell</title>');
      writePrerenderedPrivacy(dist, (lang) => `<!doctype html><html lang="${lang}"><title>privacy</title>`);
      const web = await startServer({ webDist: dist }, server);
      try {
        const { response } = await raw(web, 'GET', path, { headers: { accept: 'text/html' } });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.body).toContain('<title>shell</title>');
        // Still a file-like path is a file's 404 (docs/hosting.md#static-files).
        expectProblem(await raw(web, 'GET', `${path}x.js`), 404);
      } finally {
        await web.close();
        rmSync(dist, { recursive: true, force: true });
      }
    },
  );

  it('sends a visitor who has a session cookie, under either of its names, the shell and not a prerendered page', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><base href="/" /><title>shell</title>');
    writePrerenderedPrivacy(dist, (lang) => `<!doctype html><html lang="${lang}"><title>privacy</title>`);
    const web = await startServer({ webDist: dist }, server);
    try {
      const get = (cookie?: string) =>
        raw(web, 'GET', '/privacy', { headers: cookie === undefined ? {} : { cookie } });
      expect((await get()).response.body).toContain('<title>privacy</title>');
      // Over https the cookie is __Host- prefixed (docs/security.md): the signed-in view must not flash
      // the signed-out page there either (docs/behaviour.md#session).
      for (const cookie of ['pre_admission_session=abc', 'x=1; __Host-pre_admission_session=abc']) {
        expect((await get(cookie)).response.body, cookie).toContain('<title>shell</title>');
      }
      // A cookie whose name only ends the same way is not the session's.
      expect((await get('other_pre_admission_session=abc')).response.body).toContain(
        '<title>privacy</title>',
      );
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('sends the page prerendered for the signed in (/applications while its plan loads) to a visitor with a session cookie only', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><base href="/" /><title>shell</title>');
    for (const lang of ['ja', 'en'] as const)
      writeBuildFile(
        dist,
        `pages/${lang}/applications.html`,
        `<!doctype html><html lang="${lang}"><title>plan</title>`,
      );
    writeBuildFile(
      dist,
      'pages/pages.json',
      JSON.stringify({
        basePlaceholder: '/__base__/',
        pages: [
          {
            name: 'applications',
            path: '/applications',
            signedIn: true,
            files: { ja: 'pages/ja/applications.html', en: 'pages/en/applications.html' },
          },
        ],
        routes: ['/', '/applications'],
      }),
    );
    const web = await startServer({ webDist: dist }, server);
    try {
      const get = (path: string, headers: Record<string, string>) => raw(web, 'GET', path, { headers });
      // Without a session cookie: the shell, which takes the visitor to `/` (the page is no one's plan).
      expect((await get('/applications', {})).response.body).toContain('<title>shell</title>');
      // With one, under either name: the page, in the language the app would choose.
      for (const cookie of ['pre_admission_session=abc', 'x=1; __Host-pre_admission_session=abc']) {
        const page = await get('/Applications/', { cookie, 'accept-language': 'en' });
        expect(page.response.body, cookie).toContain('<html lang="en"><title>plan</title>');
        expect(page.response.headers['content-language']).toBe('en');
      }
      // Every other route of a cookie holder is still the shell.
      expect((await get('/', { cookie: 'pre_admission_session=abc' })).response.body).toContain(
        '<title>shell</title>',
      );
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('gives every page a fresh style nonce, in its CSP and in the csp-nonce meta react-aria reads', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><meta property="csp-nonce" nonce="" /><title>app</title>',
    );
    const web = await startServer({ webDist: dist }, server);
    try {
      const nonces = [];
      for (const route of ['/', '/registrations/abc']) {
        const page = await raw(web, 'GET', route);
        const csp = page.response.headers['content-security-policy'] as string;
        const nonce = /style-src 'self' 'nonce-([A-Za-z0-9+/=]{24})'/.exec(csp)?.[1];
        expect(nonce, csp).toBeDefined();
        expect(page.response.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
        expect(csp).not.toContain('unsafe-inline');
        nonces.push(nonce);
      }
      expect(nonces[0]).not.toBe(nonces[1]);
      // API responses are no page: their policy allows nothing, nonce or not (docs/security.md#headers).
      const api = await raw(web, 'GET', '/api/health');
      expect(api.response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('marks the cookie Secure when served over https', async () => {
    const secure = await startServer({ publicUrl: 'https://apply.example.ac.jp' }, server);
    try {
      const email = uniqueEmail();
      await secure.call('requestRegistration', {
        body: { email },
        headers: { origin: 'https://apply.example.ac.jp' },
      });
      const mails = (await secure.call('listDebugMails')).body as { text: string }[];
      const token = /registrations\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;
      await secure.call('finishRegistration', { params: { token }, body: { password: 'Passw0rd2026' } });
      const signIn = await secure.call('signIn', { body: { email, password: 'Passw0rd2026' } });
      expect(signIn.setCookie[0]).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});
