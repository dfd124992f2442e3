// What packages/account/README.md ("The API in your dev server") tells a kit consumer about proxying the API
// from a Vite dev server on http://localhost:5173, as the requests such a proxy sends: Vite's proxy passes the
// browser's Host on unless `changeOrigin`, and replaces a header given in `headers`. The Origin check is
// docs/security.md#csrf; a refusal is a 403 foreign-origin problem that no screen shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { requestId, startServer, uniqueEmail, type TestServer } from '../helpers.ts';

const DEV = 'http://localhost:5173';

function proxiedSignIn(server: TestServer, headers: { origin: string; host: string }) {
  return server.app.inject({
    method: 'POST',
    url: '/api/applicant/sessions',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId(), ...headers },
    payload: JSON.stringify({ email: uniqueEmail('proxied'), password: 'Passw0rd2026' }),
  });
}

const reachedHandler = 404; // unknown account: the request passed the Origin check
const expectRefused = (response: Awaited<ReturnType<typeof proxiedSignIn>>) => {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ type: 'urn:pre-admission:problem:foreign-origin' });
};

describe('a dev proxy to `npm start` (no PUBLIC_URL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    const { publicUrl, publicUrlSet } = loadConfig({});
    server = await startServer({ publicUrl, publicUrlSet });
  });
  afterAll(() => server.close());

  it("Vite's default (changeOrigin false) keeps the browser's Host: accepted", async () => {
    const response = await proxiedSignIn(server, { origin: DEV, host: 'localhost:5173' });
    expect(response.statusCode).toBe(reachedHandler);
  });

  it('changeOrigin: true makes the Host the target’s while Origin stays the dev server’s: refused', async () => {
    expectRefused(await proxiedSignIn(server, { origin: DEV, host: 'localhost:8080' }));
  });

  // The README's remedy, headers: { origin: 'http://localhost:5173' }, sends what the first case sends.
  it('a dev server on https: reaches the server over http, so its Origin is not own: refused', async () => {
    expectRefused(await proxiedSignIn(server, { origin: 'https://localhost:5173', host: 'localhost:5173' }));
  });
});

describe('a dev proxy to a server with PUBLIC_URL (here http://localhost:8080)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it("the browser's Origin, whatever the Host: refused", async () => {
    expectRefused(await proxiedSignIn(server, { origin: DEV, host: 'localhost:5173' }));
    expectRefused(await proxiedSignIn(server, { origin: DEV, host: 'localhost:8080' }));
  });

  it('headers: { origin: PUBLIC_URL } with changeOrigin: accepted', async () => {
    const response = await proxiedSignIn(server, { origin: 'http://localhost:8080', host: 'localhost:8080' });
    expect(response.statusCode).toBe(reachedHandler);
  });
});
