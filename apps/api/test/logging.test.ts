// Structured logs: the request id on every line of a request; passwords, tokens and cookies never appear.
import { createRequire } from 'node:module';
import pino from 'pino';
import pinoPretty from 'pino-pretty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { loggerOptions } from '../src/plugins/requestLog.ts';
import { LogCapture, PASSWORD, latestToken, startServer, uniqueEmail, type TestServer } from './helpers.ts';

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

describe('log format (docs/operations.md#logs)', () => {
  const config = loadConfig({ LOG_LEVEL: 'info' });
  type Options = { transport?: { target: string }; redact: { paths: string[]; censor: string } };

  it('JSON lines when stdout is not a terminal; pino-pretty, installed, when it is', () => {
    expect((loggerOptions(config, undefined, false) as Options).transport).toBeUndefined();
    const pretty = loggerOptions(config, undefined, true) as Options;
    expect(pretty.transport?.target).toBe('pino-pretty');
    // A dependency of the server itself (not only of a dev tool): `npm start` must find it.
    expect(() => createRequire(import.meta.url).resolve('pino-pretty')).not.toThrow();
    // A stream given (tests) is always written as JSON.
    expect((loggerOptions(config, new LogCapture(), true) as Options).transport).toBeUndefined();
  });

  it('the readable form redacts passwords, tokens and cookies too', () => {
    const out = new LogCapture();
    const { redact } = loggerOptions(config, undefined, true) as Options;
    const log = pino({ redact }, pinoPretty({ destination: out, colorize: false, sync: true }));
    log.info(
      {
        password: 'Secr3tPassw0rdXYZ',
        token: 'tok-abcdefghijklmnopqrstuvwxyz',
        req: { headers: { cookie: 'c=s' } },
      },
      'direct',
    );
    expect(out.text).toContain('direct');
    expect(out.text).toContain('[REDACTED]');
    for (const secret of ['Secr3tPassw0rdXYZ', 'tok-abcdefghijklmnopqrstuvwxyz', 'c=s'])
      expect(out.text).not.toContain(secret);
  });
});
