// Issue 27 defect 8: with JavaScript off, a sign-in form post answered 303 back to the empty form with no
// message. Now the public forms (sign-in, registration request, password reset request) are sent on to their
// API operation: a refusal answers the page with the message the app shows and the typed address kept (never
// the password, nothing typed in a URL or the log); a success goes where the app goes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  requestPasswordResetFailures,
  requestRegistrationFailures,
  signInFailures,
} from '@pre-admission/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noScriptRefusals } from '../src/web/noScriptForms.ts';
import { PASSWORD, register, startServer, uniqueEmail, type TestServer } from './helpers.ts';
import { turnAppOn } from './secondFactorHelpers.ts';
import { writeBuildFile } from './webBuild.ts';

const pages = {
  signIn: '/',
  registrationRequest: '/registrations-request',
  passwordResetRequest: '/password-reset-request',
} as const;

/** Each page as the prerender writes it: a post form with the e-mail field (and the password on sign-in). */
function writeBuild(dir: string): void {
  writeBuildFile(dir, 'index.html', '<!doctype html><base href="/" /><title>shell</title>');
  for (const name of Object.keys(pages))
    for (const lang of ['ja', 'en'] as const)
      writeBuildFile(
        dir,
        `pages/${lang}/${name}.html`,
        `<!doctype html><html lang="${lang}"><title>${name}</title><main><h1>${name}</h1>` +
          `<form class="f" noValidate="" method="post"><input id="e" type="email" name="email" value=""/>` +
          (name === 'signIn' ? '<input id="p" type="password" name="password" value=""/>' : '') +
          '<button type="submit">go</button></form></main>',
      );
  writeBuildFile(
    dir,
    'pages/pages.json',
    JSON.stringify({
      basePlaceholder: '/__base__/',
      pages: Object.entries(pages).map(([name, path]) => ({
        name,
        path,
        files: { ja: `pages/ja/${name}.html`, en: `pages/en/${name}.html` },
      })),
    }),
  );
}

let server: TestServer;
const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
beforeAll(async () => {
  writeBuild(dist);
  server = await startServer({ webDist: dist });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const ORIGIN = 'http://localhost:8080';
function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('sign-in with JavaScript off', () => {
  it('a wrong password answers the sign-in page with its message, the address kept and the password not', async () => {
    const email = uniqueEmail('noscript');
    await register(server, email);
    const secret = 'Wr0ng"<secret>';
    const answer = await post('/', { email, password: secret }, { 'accept-language': 'en' });
    expect(answer.statusCode).toBe(403);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.body).toContain('<h2>There is a problem</h2><p>The password is incorrect.</p>');
    expect(answer.body).toMatch(
      new RegExp(`<input id="e" type="email" name="email" value="${email.replace('.', '\\.')}"/>`),
    );
    expect(answer.body).toContain('<input id="p" type="password" name="password" value=""/>');
    expect(answer.body).not.toContain('secret');
    expect(server.logs.text).not.toContain('secret');
  });

  it('an address without an account says so, in the page language (Japanese)', async () => {
    const answer = await post(
      '/',
      { email: uniqueEmail('nobody'), password: 'x' },
      { 'accept-language': 'ja' },
    );
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('<html lang="ja">');
    expect(answer.body).toContain('<h2>入力内容をご確認ください</h2>');
  });

  it('the right password signs in: 303 to /applications with the session cookie', async () => {
    const email = uniqueEmail('noscript-ok');
    await register(server, email);
    const answer = await post('/', { email, password: PASSWORD });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/applications');
    expect(String(answer.headers['set-cookie'])).toMatch(/^pre_admission_session=/);
  });

  it('the right password of an account with the authenticator app: no session, 303 to the second step', async () => {
    const email = uniqueEmail('noscript-2fa');
    await register(server, email);
    await turnAppOn(server, email);
    const answer = await post('/', { email, password: PASSWORD });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/sign-in/second-step');
    const cookies = String(answer.headers['set-cookie']);
    expect(cookies).toMatch(/^pre_admission_second_step=/);
    expect(cookies).not.toContain('pre_admission_session=');
  });

  it('the typed address is written back escaped', async () => {
    const typed = '"><script>alert(1)</script>';
    const answer = await post('/', { email: typed, password: 'x' }, { 'accept-language': 'en' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).not.toContain('<script>alert(1)');
    expect(answer.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(answer.body).toContain('<p>Please enter an email address.</p>');
  });

  it("Chromium's `Origin: null` (the site's no-referrer policy) on a same-origin post is the site's own", async () => {
    const answer = await post(
      '/',
      { email: uniqueEmail('nobody'), password: 'x' },
      { origin: 'null', 'sec-fetch-site': 'same-origin', 'accept-language': 'en' },
    );
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('<p>No account was found for this email address.</p>');
    // From another site, or a browser that does not say: refused as the API refuses it.
    for (const site of ['cross-site', undefined]) {
      const refused = await post(
        '/',
        { email: uniqueEmail('nobody'), password: 'x' },
        { origin: 'null', ...(site ? { 'sec-fetch-site': site } : {}) },
      );
      expect(refused.statusCode, site).toBe(303);
    }
  });

  it('a post from another origin does nothing: back to the page', async () => {
    const email = uniqueEmail('noscript-csrf');
    await register(server, email);
    const answer = await post('/', { email, password: PASSWORD }, { origin: 'https://evil.example' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });
});

describe('the mail requests with JavaScript off', () => {
  it('a registration request for a registered address says so, the address kept', async () => {
    const email = uniqueEmail('noscript-taken');
    await register(server, email);
    const answer = await post('/registrations-request', { email }, { 'accept-language': 'en' });
    expect(answer.statusCode).toBe(409);
    expect(answer.body).toContain('<p>This email address is already registered.</p>');
    expect(answer.body).toContain(`value="${email}"`);
  });

  it('a registration request for a new address goes to its completion page', async () => {
    const answer = await post('/registrations-request', { email: uniqueEmail('noscript-new') });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/registrations-request-complete');
  });

  it('a password reset request for an unknown address says so', async () => {
    const email = uniqueEmail('noscript-none');
    const answer = await post('/password-reset-request', { email }, { 'accept-language': 'en' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain(`value="${email}"`);
    expect(answer.body).toMatch(/<p>[^<]+<\/p><\/div>/);
  });

  it('any other page keeps the 303 back to itself', async () => {
    const answer = await post('/privacy', { a: 'b' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/privacy');
  });
});

describe('the messages are the ones the app shows (the adapter failure tables)', () => {
  it.each([
    ['signIn', signInFailures],
    ['registrationRequest', requestRegistrationFailures],
    ['passwordResetRequest', requestPasswordResetFailures],
  ] as const)('%s', (route, table) => {
    const refusals = noScriptRefusals(route)!;
    for (const [status, rule] of Object.entries(table)) {
      const shows = rule.shows as { kind: string; message?: string };
      if (shows.kind === 'rateLimited')
        expect(refusals[Number(status)]).toBe('account.error.rateLimitedNoWait');
      else expect(refusals[Number(status)], status).toBe(shows.message);
    }
    expect(Object.keys(refusals).sort()).toEqual(Object.keys(table).sort());
  });
});
