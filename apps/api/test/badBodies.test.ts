// Bad bodies and unknown paths never give a 500: each is a problem+json with its own status (docs/hosting.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestId, startServer, type TestServer } from './helpers.ts';
import { expectProblem, json, raw } from './inject.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('bad bodies never give a 500', () => {
  const headers = () => ({ ...json, 'x-request-id': requestId() });

  it('413 for a body over 1 MB', async () => {
    const payload = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) });
    const result = await raw(server, 'POST', '/api/applicant/sessions', { headers: headers(), payload });
    expectProblem(result, 413);
  });

  it('400 for malformed JSON', async () => {
    const result = await raw(server, 'POST', '/api/applicant/sessions', {
      headers: headers(),
      payload: '{"email":',
    });
    expectProblem(result, 400);
  });

  it('400 for a wrong content type', async () => {
    const result = await raw(server, 'POST', '/api/applicant/sessions', {
      headers: { 'content-type': 'text/plain', 'x-request-id': requestId() },
      payload: 'email=a@example.com',
    });
    expectProblem(result, 400);
    const form = await raw(server, 'POST', '/api/applicant/registrations', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': requestId() },
      payload: 'email=a@example.com',
    });
    expectProblem(form, 400);
  });

  it('400 for an empty body, a non-object, wrong types and unknown fields', async () => {
    const cases: [string | undefined, unknown][] = [
      [undefined, { errors: [{ field: 'body', code: 'required' }] }],
      ['[]', { errors: [{ field: 'body', code: 'invalid_type' }] }],
      ['"text"', { errors: [{ field: 'body', code: 'invalid_type' }] }],
      ['null', {}],
      ['{"email": 5, "password": "x"}', { errors: [{ field: 'email', code: 'invalid_type' }] }],
      [
        '{"email": "a@example.com", "password": "x", "admin": true}',
        { errors: [{ field: 'admin', code: 'unknown_field' }] },
      ],
      ['{}', { errors: expect.arrayContaining([{ field: 'email', code: 'required' }]) }],
    ];
    for (const [payload, expected] of cases) {
      const result = await raw(server, 'POST', '/api/applicant/sessions', {
        headers: payload === undefined ? { 'x-request-id': requestId() } : headers(),
        ...(payload === undefined ? {} : { payload }),
      });
      expectProblem(result, 400);
      expect(result.body).toMatchObject(expected as object);
    }
  });

  it('an empty JSON body is no body: fine where the operation takes none, 400 where it needs one', async () => {
    const signOut = await raw(server, 'DELETE', '/api/applicant/sessions', {
      headers: headers(),
      payload: '',
    });
    expect(signOut.response.statusCode).toBe(204);
    const activate = await raw(server, 'PATCH', '/api/applicant/email-change-requests/unknown', {
      headers: headers(),
      payload: '',
    });
    expectProblem(activate, 404);
    const signIn = await raw(server, 'POST', '/api/applicant/sessions', { headers: headers(), payload: '' });
    expectProblem(signIn, 400);
    expect(signIn.body).toMatchObject({ errors: [{ field: 'body', code: 'required' }] });
  });

  it('a very long token path parameter is a 404, not a 500', async () => {
    const result = await raw(server, 'GET', `/api/applicant/registrations/${'x'.repeat(5000)}`);
    expectProblem(result, 404);
    const long = await raw(server, 'GET', `/api/applicant/registrations/${'y'.repeat(256)}`);
    expectProblem(long, 404);
    expect(long.body).toMatchObject({ type: 'urn:pre-admission:problem:token-not-found' });
  });

  it('unknown API paths and methods are 404 problem+json', async () => {
    expectProblem(await raw(server, 'GET', '/api/nothing-here'), 404);
    expectProblem(await raw(server, 'POST', '/api/countries', { headers: headers(), payload: '{}' }), 404);
  });
});
