// Requests as a client sends them, bytes and headers exactly as given (app.inject, no port), and the
// problem+json every refusal must be.
import { expect } from 'vitest';
import { contract, type TestServer } from './helpers.ts';

export const json = { 'content-type': 'application/json' };

export async function raw(
  target: TestServer,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { headers?: Record<string, string>; payload?: string | Buffer } = {},
) {
  const response = await target.app.inject({
    method,
    url,
    headers: options.headers,
    payload: options.payload,
  });
  const type = response.headers['content-type'] as string | undefined;
  return { response, type, body: type?.includes('json') ? response.json() : response.body };
}

export function expectProblem(result: Awaited<ReturnType<typeof raw>>, status: number) {
  expect(result.response.statusCode).toBe(status);
  expect(result.type).toMatch(/^application\/problem\+json/);
  expect(contract.validateProblem(result.body)).toBe(true);
  expect((result.body as { status: number }).status).toBe(status);
}
