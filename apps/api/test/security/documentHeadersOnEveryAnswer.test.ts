// Issue 39 item 13: a page answered with another status than 200 (the not-found page, a form post over the
// body limit) and a redirect lacked the documents' headers (Permissions-Policy, Referrer-Policy) that a 200
// page carries (docs/security.md#headers). A browser renders the first two as documents and follows the
// third as a step of a navigation, so each gets the whole set.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../../src/plugins/securityHeaders.ts';
import { startServer, type TestServer } from '../helpers.ts';
import { writePrerenderedPrivacy } from '../webBuild.ts';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><base href="/" /><title>app</title>');
  // A complete build (its pages list): an unknown path is the not-found page with 404.
  writePrerenderedPrivacy(dist, (lang) => `<!doctype html><html lang="${lang}"><title>privacy</title>`);
  server = await startServer({ webDist: dist });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const documentHeaders = (headers: Record<string, unknown>) => ({
  'permissions-policy': headers['permissions-policy'],
  'referrer-policy': headers['referrer-policy'],
  'x-frame-options': headers['x-frame-options'],
  'cross-origin-opener-policy': headers['cross-origin-opener-policy'],
});
const full = {
  'permissions-policy': PERMISSIONS_POLICY,
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

it('issue 39 item 13: the not-found page (404) carries the documents’ headers', async () => {
  const response = await server.app.inject({
    method: 'GET',
    url: '/no-such-page',
    headers: { accept: 'text/html' },
  });
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(documentHeaders(response.headers)).toEqual(full);
});

it('issue 39 item 13: a form post over the body limit is answered with a page (413) carrying the documents’ headers', async () => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: `email=${'a'.repeat(2 * 1024 * 1024)}`,
  });
  expect(response.statusCode).toBe(413);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(documentHeaders(response.headers)).toEqual(full);
});

it('issue 39 item 13: a redirect of a page carries the documents’ headers', async () => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/privacy',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: 'a=b',
  });
  expect(response.statusCode).toBe(303);
  expect(documentHeaders(response.headers)).toEqual(full);
});
