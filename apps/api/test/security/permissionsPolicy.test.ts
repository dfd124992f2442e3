// Finding 16: no Permissions-Policy, so a script that got onto a page (or a page that framed none of ours
// but was opened from it) could ask for the camera, microphone or location. Every document now denies the
// powerful features the site never uses (docs/security.md#headers).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requestId, startServer, type TestServer } from '../helpers.ts';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><base href="/" /><title>app</title>');
  server = await startServer({ webDist: dist });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

it.each([
  ['GET', '/'],
  ['GET', '/registrations/some-token'],
] as const)('%s %s denies camera, microphone, geolocation and the rest', async (method, url) => {
  const response = await server.app.inject({ method, url });
  const policy = String(response.headers['permissions-policy'] ?? '');
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
    expect(policy, `${url}: ${feature}`).toContain(`${feature}=()`);
});

// Issue 29: the policy is a document's (its features are asked for by a page's scripts); on JSON, scripts
// and problems it was ~330 bytes for nothing. Those are never rendered as a page: their CSP allows nothing
// at all, so no script could run there to ask (docs/security.md#headers).
it.each([
  ['GET', '/api/health'],
  ['GET', '/api/countries'],
  ['GET', '/api/nothing-here'],
  ['GET', '/assets/missing.js'],
  ['POST', '/api/applicant/sessions'],
  ['DELETE', '/api/applicant/sessions'],
] as const)('%s %s is no document: no script may run in it', async (method, url) => {
  const response = await server.app.inject({
    method,
    url,
    headers: method === 'GET' ? {} : { 'x-request-id': requestId() },
  });
  expect(response.headers['content-type'] ?? '').not.toMatch(/html/);
  expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
});

// Issue 28: passkeys are the site's own, so the page may use WebAuthn itself (a page that denied
// publickey-credentials-get refused every passkey sign-in: "The 'publickey-credentials-get' feature is not
// enabled in this document", seen end to end), while a frame of another origin still may not.
it.each(['publickey-credentials-get', 'publickey-credentials-create'])(
  'allows %s to the site itself only',
  async (feature) => {
    const response = await server.app.inject({ method: 'GET', url: '/' });
    const policy = String(response.headers['permissions-policy'] ?? '');
    expect(policy).toContain(`${feature}=(self)`);
    expect(policy).not.toContain(`${feature}=()`);
  },
);

// Issue 39 item 9: Chromium warned in every page's console "Unrecognized feature: 'bluetooth'". The policy
// names only features the browsers it is for know.
it('issue 39 item 9: names no feature Chromium does not know (bluetooth)', async () => {
  const response = await server.app.inject({ method: 'GET', url: '/' });
  expect(String(response.headers['permissions-policy'] ?? '')).not.toMatch(/\bbluetooth\b/);
});
