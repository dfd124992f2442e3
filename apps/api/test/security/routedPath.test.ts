// Finding 11: the CSRF check, `Cache-Control: no-store` and log redaction read the raw URL, while the router
// decodes it: `POST /%61pi/applicant/sessions` without X-Request-Id reached the sign-in handler, and a token
// in `/api/applicant/registr%61tions/<token>` was logged as given. They now decide on the routed path
// (docs/hosting.md#routed-path).
import { routeNames, routePatterns, routeTable } from '@pre-admission/account/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestId, startServer, uniqueEmail, type TestServer } from '../helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const disguises = [
  '/%61pi/applicant/sessions',
  '/%61%70%69/%61pplicant/sessions',
  '//api/applicant/sessions',
  '/API/applicant/sessions',
  '/Api/Applicant/Sessions',
  '/api//applicant/sessions',
  '/api/./applicant/sessions',
  '/x/../api/applicant/sessions',
];

describe('an attacker disguises the path of a sign-in', () => {
  it.each(disguises)('%s without X-Request-Id is refused as the plain path is', async (url) => {
    const response = await server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: { email: uniqueEmail(), password: 'Guess1234' },
    });
    // Never the handler's answer (an unknown account): the CSRF check or the router refuses it.
    expect(response.json().type).not.toBe('urn:pre-admission:problem:account-not-found');
    expect([400, 404]).toContain(response.statusCode);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each(disguises)('%s from a foreign origin is refused', async (url) => {
    const response = await server.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'x-request-id': requestId(),
        origin: 'https://evil.example',
      },
      payload: { email: uniqueEmail(), password: 'Guess1234' },
    });
    expect(response.json().type).not.toBe('urn:pre-admission:problem:account-not-found');
    expect([403, 404]).toContain(response.statusCode);
  });

  it('the plain path is still served with the header', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/%61pi/applicant/sessions',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId() },
      payload: { email: uniqueEmail(), password: 'Guess1234' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().type).toBe('urn:pre-admission:problem:account-not-found');
  });
});

describe('an attacker reads a disguised API path from a cache', () => {
  it.each(['/%61pi/applicant/sessions/current', '/API/applicant/sessions/current', '//api/countries'])(
    '%s is no-store',
    async (url) => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );
});

describe('a token in a disguised path', () => {
  it.each([
    '/api/applicant/registr%61tions/',
    '/%61pi/applicant/password-reset-requests/',
    '/API/applicant/registrations/',
    '//api/applicant/email-change-requests/',
  ])('%s<token> never reaches the log', async (prefix) => {
    const token = `SECRETTOKEN${Math.random().toString(36).slice(2)}`;
    await server.app.inject({ method: 'GET', url: `${prefix}${token}` });
    await server.app.inject({ method: 'GET', url: `${prefix}${token}?again=1` });
    expect(server.logs.text).not.toContain(token);
  });
});

describe("a token in a web page's path (the route table's token routes)", () => {
  // Short tokens: the rule that masks any segment of 20 characters or more does not catch these, so only the
  // route table's token routes keep them out of the log.
  const tokenRoutes = routeNames.filter((name) => routeTable[name].access === 'token');

  it('there are token routes to try', () => {
    expect(tokenRoutes.length).toBeGreaterThan(0);
  });

  it.each(tokenRoutes)('%s: its token never reaches the log, in any form of the path', async (name) => {
    const token = `tok${Math.random().toString(36).slice(2, 10)}`;
    const path = routePatterns[name].replace(':token', token);
    for (const url of [path, `${path}/`, path.toUpperCase(), `/${path}`, `${path}?again=1`])
      await server.app.inject({ method: 'GET', url });
    expect(server.logs.text).not.toContain(token);
    expect(server.logs.text.toLowerCase()).not.toContain(token.toLowerCase());
  });
});
