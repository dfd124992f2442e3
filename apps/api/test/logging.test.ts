// Structured logs: the request id on every line of a request; passwords, tokens and cookies never appear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, latestToken, startServer, uniqueEmail, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('logs', () => {
  it('carry the request id and redact passwords, tokens and cookies', async () => {
    const email = uniqueEmail();
    const password = 'Secr3tPassw0rdXYZ';
    await server.call('requestRegistration', { body: { email } });
    const token = await latestToken(server, email, 'registrations');
    await server.call('getRegistration', { params: { token } });
    await server.call('finishRegistration', { params: { token }, body: { password } });
    const signIn = await server.call('signIn', {
      body: { email, password },
      headers: { 'x-request-id': '123456:42' },
    });
    const sessionId = signIn.sessionCookie!;
    await server.call('getCurrentSession', { cookie: `pre_admission_session=${sessionId}` });
    await server.call('signIn', { body: { email, password: 'Wr0ngPassw0rdABC' } });
    // An unexpected error logs the error object; make sure that path redacts too.
    server.app.log.info({ password, token, cookie: `pre_admission_session=${sessionId}` }, 'direct');

    const text = server.logs.text;
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [password, 'Wr0ngPassw0rdABC', token, sessionId, PASSWORD]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[REDACTED]');
    const lines = server.logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const signInLines = lines.filter((l) => l.reqId === '123456:42');
    expect(signInLines.length).toBeGreaterThanOrEqual(2);
    expect(
      signInLines.some((l) => (l.req as { url?: string } | undefined)?.url === '/api/applicant/sessions'),
    ).toBe(true);
    expect(
      lines.some(
        (l) => (l.req as { url?: string } | undefined)?.url === '/api/applicant/registrations/[REDACTED]',
      ),
    ).toBe(true);
  });
});
