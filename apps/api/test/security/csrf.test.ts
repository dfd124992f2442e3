// The CSRF defence (docs/security.md#csrf): a request id on every state-changing request, and the Origin check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestId, startServer, uniqueEmail, type TestServer } from './../helpers.ts';
import { expectProblem, json, raw } from './../inject.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('CSRF defence', () => {
  const body = JSON.stringify({ email: 'a@example.com', password: 'x' });

  it('refuses a state-changing request without X-Request-Id (400)', async () => {
    const result = await raw(server, 'POST', '/api/applicant/sessions', { headers: json, payload: body });
    expectProblem(result, 400);
    expect(result.body).toMatchObject({ errors: [{ field: 'X-Request-Id', code: 'required' }] });
  });

  it('refuses a malformed X-Request-Id (400)', async () => {
    const result = await raw(server, 'DELETE', '/api/applicant/sessions', {
      headers: { 'x-request-id': 'abc' },
    });
    expectProblem(result, 400);
  });

  it.each(['https://evil.example', 'null', 'http://localhost:8080.evil.example'])(
    'refuses a foreign Origin %s (403)',
    async (origin) => {
      const result = await raw(server, 'POST', '/api/applicant/sessions', {
        headers: { ...json, 'x-request-id': requestId(), origin },
        payload: body,
      });
      expectProblem(result, 403);
      expect(result.body).toMatchObject({ type: 'urn:pre-admission:problem:foreign-origin' });
    },
  );

  // The request's own host counts only without PUBLIC_URL (test/security/forgedHost.test.ts).
  it('accepts the own origin (PUBLIC_URL), whatever the Host', async () => {
    for (const origin of ['http://localhost:8080']) {
      const result = await raw(server, 'POST', '/api/applicant/sessions', {
        headers: { ...json, 'x-request-id': requestId(), origin, host: 'localhost:80' },
        payload: JSON.stringify({ email: uniqueEmail(), password: 'x' }),
      });
      expect(result.response.statusCode).toBe(404); // reached the handler: unknown account
    }
  });

  it('does not demand the header on reads', async () => {
    expect((await raw(server, 'GET', '/api/countries')).response.statusCode).toBe(200);
  });
});
