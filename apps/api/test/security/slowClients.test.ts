// Finding 14: no request, header or keep-alive timeout (a body sent a byte at a time held a connection for
// 110 s and more), and every route took 1 MB bodies. Now the timeouts come from config.ts and each API
// operation has its own body limit (docs/hosting.md#timeouts, #body-limits).
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTimeouts, loadConfig, ConfigError } from '../../src/platform/config.ts';
import { requestId, startServer, uniqueEmail, type TestServer } from '../helpers.ts';

let server: TestServer;
let port = 0;
beforeAll(async () => {
  server = await startServer({
    timeouts: {
      requestMs: 2000,
      headersMs: 1000,
      keepAliveMs: 1000,
      checkIntervalMs: 200,
      uploadMs: 2000,
      uploadMinBytesPerSecond: 4096,
    },
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(() => server.close());

/** Opens a socket and resolves with the milliseconds until the server closes it (or `limitMs`). */
function open(
  act: (socket: Socket) => void,
  limitMs: number,
): Promise<{ closedAfterMs: number; received: string }> {
  return new Promise((done) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const timers: NodeJS.Timeout[] = [];
    const finish = () => {
      timers.forEach(clearInterval);
      socket.destroy();
      done({ closedAfterMs: Date.now() - started, received });
    };
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('close', finish);
    socket.on('error', () => undefined);
    timers.push(setTimeout(finish, limitMs));
    socket.on('connect', () => act(socket));
    (socket as Socket & { timers?: NodeJS.Timeout[] }).timers = timers;
  });
}

/** Writes one byte every `everyMs` until the socket closes. */
function dribble(socket: Socket, text: string, everyMs: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || i >= text.length) return clearInterval(timer);
    socket.write(text[i]!);
    i += 1;
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

describe('an attacker holds connections open', () => {
  it('a body sent a byte every 200 ms is cut off within seconds', async () => {
    const body = JSON.stringify({ email: uniqueEmail(), password: 'x'.repeat(200) });
    const result = await open((socket) => {
      socket.write(
        `POST /api/applicant/sessions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
          `X-Request-Id: ${requestId()}\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      dribble(socket, body, 200);
    }, 8000);
    expect(result.closedAfterMs).toBeLessThan(4000);
    expect(result.received).not.toMatch(/^HTTP\/1\.1 2/);
  });

  it('headers sent a byte every 100 ms are cut off within seconds', async () => {
    const headers = `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(200)}\r\n\r\n`;
    const result = await open((socket) => dribble(socket, headers, 100), 8000);
    expect(result.closedAfterMs).toBeLessThan(3500);
  });

  it('an idle kept-alive connection is closed after the keep-alive timeout', async () => {
    const result = await open((socket) => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    }, 8000);
    expect(result.received).toMatch(/^HTTP\/1\.1 200/);
    expect(result.closedAfterMs).toBeLessThan(3000);
  });

  it('the production defaults are seconds, not minutes, and can be set', () => {
    const config = loadConfig({});
    expect(config.timeouts).toEqual(defaultTimeouts);
    expect(config.timeouts.requestMs).toBeLessThanOrEqual(30_000);
    expect(config.timeouts.headersMs).toBeLessThanOrEqual(config.timeouts.requestMs);
    expect(config.timeouts.keepAliveMs).toBeLessThanOrEqual(10_000);
    expect(
      loadConfig({ REQUEST_TIMEOUT_MS: '20000', HEADERS_TIMEOUT_MS: '5000', KEEP_ALIVE_TIMEOUT_MS: '2000' })
        .timeouts,
    ).toMatchObject({ requestMs: 20_000, headersMs: 5_000, keepAliveMs: 2_000 });
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '5000' })).toThrow(
      /HEADERS_TIMEOUT_MS/,
    );
  });
});

describe('an attacker sends large bodies', () => {
  it.each([
    ['requestRegistration', 8 * 1024, { email: `${'a'.repeat(8 * 1024)}@example.com` }],
    ['requestPasswordReset', 8 * 1024, { email: `${'a'.repeat(8 * 1024)}@example.com` }],
    ['requestEmailChange', 8 * 1024, { email: `${'a'.repeat(8 * 1024)}@example.com` }],
    ['finishRegistration', 8 * 1024, { password: 'a1'.repeat(4 * 1024) }],
    ['signIn', 100 * 1024, { email: 'a@example.com', password: 'x'.repeat(100 * 1024) }],
    ['changePassword', 100 * 1024, { currentPassword: 'x'.repeat(100 * 1024), newPassword: 'Passw0rd2026' }],
  ] as const)('%s with a %i-byte body: 413 problem+json', async (op, _size, body) => {
    const response = await server.call(op, { body, params: { token: 'some-token' } });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ type: 'urn:pre-admission:problem:payload-too-large', status: 413 });
  });

  it('the longest password the contract allows still signs in (is not refused as too large)', async () => {
    const response = await server.call('signIn', {
      body: { email: uniqueEmail(), password: 'パ'.repeat(10_000) },
    });
    expect(response.status).toBe(404); // reached the handler: unknown account
  });

  it('each limit is stated in the config', () => {
    const { bodyLimits, apiBodyLimit, bodyLimit } = loadConfig({});
    expect(bodyLimits.requestRegistration).toBeLessThanOrEqual(4096);
    expect(bodyLimits.signIn).toBeLessThanOrEqual(64 * 1024);
    expect(apiBodyLimit).toBeLessThanOrEqual(4096);
    expect(bodyLimit).toBeLessThan(1024 * 1024);
  });
});
