// openapi.yaml against the routes: every operation is routed and answers as the contract says, and every
// state-changing one lists the guards that run before it (docs/security.md#csrf, docs/testing.md#fuzzing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, requestId, startServer, type TestServer } from './helpers.ts';
import { json } from './inject.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('every operation of openapi.yaml', () => {
  it.each(contract.operations.map((o) => [o.operationId, o] as const))(
    '%s has a route',
    async (_id, operation) => {
      const url = operation.path.replace(/\{(\w+)\}/g, 'unknown-token');
      const response = await server.app.inject({
        method: operation.method.toUpperCase() as 'GET',
        url,
        headers: { 'x-request-id': requestId(), ...(operation.validateBody ? json : {}) },
        ...(operation.validateBody ? { payload: '{}' } : {}),
      });
      const type = response.headers['content-type'] as string | undefined;
      const body =
        response.body === '' ? undefined : type?.includes('json') ? response.json() : response.body;
      // Routed: not the catch-all 404, and the answer honours the contract.
      expect((body as { type?: string } | undefined)?.type).not.toBe('urn:pre-admission:problem:not-found');
      expect(contract.checkResponse(operation.operationId, response.statusCode, type, body)).toEqual([]);
    },
  );
});

describe('every state-changing operation of openapi.yaml lists its guards', () => {
  // docs/security.md#csrf: the request id and Origin checks, and the body limit, run before any operation;
  // a client generated from the contract must know their answers (docs/testing.md#fuzzing).
  const writes = contract.operations.filter((o) => o.method !== 'get');
  it.each(writes.map((o) => [o.operationId, o] as const))('%s lists 400, 403 and 413', (_id, operation) => {
    expect([400, 403, 413].filter((status) => !operation.responses.has(status))).toEqual([]);
  });

  it('a foreign Origin is refused with the problem type openapi.yaml names for every such operation', async () => {
    for (const operation of writes) {
      const url = operation.path.replace(/\{(\w+)\}/g, 'unknown-token');
      const response = await server.app.inject({
        method: operation.method.toUpperCase() as 'POST',
        url,
        headers: { 'x-request-id': requestId(), origin: 'https://evil.example', ...json },
        payload: '{}',
      });
      expect(response.statusCode, operation.operationId).toBe(403);
      expect(response.json(), operation.operationId).toMatchObject({
        type: 'urn:pre-admission:problem:foreign-origin',
      });
      expect(
        contract.checkResponse(
          operation.operationId,
          403,
          response.headers['content-type'] as string,
          response.json(),
        ),
      ).toEqual([]);
    }
  });
});
