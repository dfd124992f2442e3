// Regression tests for what the fuzzing found (docs/testing.md#fuzzing, "What it found").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, requestId, startServer, type TestServer } from '../helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('a token with bad percent-encoding is an unknown token', () => {
  // openapi.yaml, Token parameter: unknown, used and expired tokens all answer 404, which the web app
  // shows as "this link is invalid"; the router refused such a URL with a 400 the operations do not list.
  it.each([
    ['getRegistration', 'GET', '/api/applicant/registrations/%zz'],
    ['getPasswordReset', 'GET', '/api/applicant/password-reset-requests/%E0%A4%A'],
    ['finishRegistration', 'PATCH', '/api/applicant/registrations/%zz'],
    ['activateEmailChange', 'PATCH', '/api/applicant/email-change-requests/%'],
  ] as const)('%s %s %s answers 404', async (operationId, method, url) => {
    const response = await server.app.inject({
      method,
      url,
      headers: { 'x-request-id': requestId(), 'content-type': 'application/json' },
      ...(method === 'PATCH' && operationId === 'finishRegistration'
        ? { payload: JSON.stringify({ password: 'Passw0rd2026' }) }
        : {}),
    });
    expect(response.statusCode).toBe(404);
    expect(
      contract.checkResponse(
        operationId,
        response.statusCode,
        response.headers['content-type'] as string | undefined,
        response.json(),
      ),
    ).toEqual([]);
  });
});
