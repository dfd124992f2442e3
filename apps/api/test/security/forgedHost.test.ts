// The CSRF Origin check accepted the request's own `protocol://host` beside PUBLIC_URL's origin. Host and
// X-Forwarded-Host are the client's to write: behind a proxy that passes them on (or, with TRUST_PROXY, one
// that forwards X-Forwarded-Host as it came), a page on evil.example could send its own origin and a Host
// naming evil.example, and its cross-site request passed as same-origin. With PUBLIC_URL set, its origin is
// the only one accepted; without it (development, `npm start`), the request's host is still accepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { requestId, startServer, uniqueEmail, type TestServer } from '../helpers.ts';

const EVIL = 'https://evil.example';

function signInFrom(server: TestServer, headers: Record<string, string>, remoteAddress = '203.0.113.7') {
  return server.app.inject({
    method: 'POST',
    url: '/api/applicant/sessions',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId(), ...headers },
    payload: JSON.stringify({ email: uniqueEmail('victim'), password: 'Guess1234' }),
    remoteAddress,
  });
}

describe('with PUBLIC_URL set', () => {
  let server: TestServer;
  beforeAll(async () => {
    // helpers.ts sets PUBLIC_URL=http://localhost:8080; a proxy in front is trusted for one hop.
    server = await startServer({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
  });
  afterAll(() => server.close());

  it('an attacker sends a foreign Origin with a Host naming the same foreign site: refused', async () => {
    // The server behind the proxy speaks plain http, so the attacker's page is served over http too.
    const response = await signInFrom(server, { origin: 'http://evil.example', host: 'evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ type: 'urn:pre-admission:problem:foreign-origin' });
  });

  it('an attacker forges X-Forwarded-Host and X-Forwarded-Proto through a trusted proxy: refused', async () => {
    const response = await signInFrom(
      server,
      { origin: EVIL, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      '10.0.0.2',
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ type: 'urn:pre-admission:problem:foreign-origin' });
  });

  it("the site's own origin still passes, whatever Host says", async () => {
    const response = await signInFrom(server, { origin: 'http://localhost:8080', host: 'internal:8081' });
    expect(response.statusCode).toBe(404); // reached the handler: unknown account
  });
});

describe('without PUBLIC_URL (development: `npm start`, reached as localhost or 127.0.0.1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    const { publicUrl, publicUrlSet } = loadConfig({});
    server = await startServer({ publicUrl, publicUrlSet });
  });
  afterAll(() => server.close());

  it("the request's own host is accepted as its origin", async () => {
    const response = await signInFrom(server, { origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' });
    expect(response.statusCode).toBe(404);
  });

  it('a foreign Origin with another Host is still refused', async () => {
    const response = await signInFrom(server, { origin: EVIL, host: '127.0.0.1:8080' });
    expect(response.statusCode).toBe(403);
  });
});
