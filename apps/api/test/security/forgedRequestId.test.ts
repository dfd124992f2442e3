// Finding 15, second half: the client's X-Request-Id was taken when it roughly looked right (any 1–4 digit
// random part), and a replaced one left no trace. Now only the format of docs/behaviour.md#api-calls (a
// time offset, a colon, a random number 0–4095) is taken; anything else is replaced by a server-made id,
// and one log line says so without repeating what was sent (docs/hosting.md#request-ids).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestId } from '@pre-admission/api';
import { REQUEST_ID } from '../../src/plugins/requestLog.ts';
import { startServer, type TestServer } from '../helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const lines = () => server.logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('an attacker forges the request id', () => {
  it.each([
    '1:1\n{"level":60,"msg":"FORGED-LINE"}',
    '1:1","msg":"FORGED-LINE',
    '123456:4096',
    '123456:9999',
    '1234567890123456:1',
    ' 123:4',
    'FORGED-LINE',
  ])('%j is replaced, logged as replaced, and never logged as given', async (forged) => {
    const before = server.logs.lines.length;
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/applicant/sessions/current',
      headers: { 'x-request-id': forged },
    });
    const mine = lines().slice(before);
    const id = String(response.json().instance ?? mine[0]?.reqId);
    expect(id).not.toBe(forged);
    expect(id).toMatch(REQUEST_ID);
    expect(server.logs.lines.slice(before).join('\n')).not.toContain('FORGED-LINE');
    expect(mine.every((line) => line.reqId === id)).toBe(true);
    expect(mine.some((line) => line.requestIdReplaced === true)).toBe(true);
    expect(mine.some((line) => line.level === 60)).toBe(false);
  });

  it('a state-changing call with a forged id is refused as one without', async () => {
    const response = await server.app.inject({
      method: 'DELETE',
      url: '/api/applicant/sessions',
      headers: { 'x-request-id': '123456:4096' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().type).toBe('urn:pre-admission:problem:missing-request-id');
  });
});

describe('the web client’s ids', () => {
  it('are taken as they are, and not logged as replaced', async () => {
    for (const random of [() => 0, () => 0.5, () => 0.999_999_999]) {
      const id = createRequestId(Date.now(), random);
      const before = server.logs.lines.length;
      await server.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
      const mine = lines().slice(before);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((line) => line.reqId === id)).toBe(true);
      expect(mine.some((line) => 'requestIdReplaced' in line)).toBe(false);
    }
  });
});
