// Issue 38: a 10 MB document from a slow connection. One request timeout for every route (REQUEST_TIMEOUT_MS,
// 15 s) let a file through only above about 6 Mbit/s, and raising it gave every route's slow client that long.
// Now an upload has its own ceiling (UPLOAD_TIMEOUT_MS) and, past the request timeout, must keep up a minimum
// rate (UPLOAD_MIN_BYTES_PER_SECOND); every other request keeps the request timeout (docs/hosting.md#timeouts).
// Raw sockets, real time, the limits shrunk to seconds: each test says what a client sends and when.
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicant as planApplicant,
  openPeriodsFile,
  requiredSlots,
  startDraft,
} from '../applications/helpers.ts';
import { pdf } from '../files/fixtures.ts';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';
import { requestId, startServer, uniqueEmail, type TestServer } from '../helpers.ts';

const BOUNDARY = '----slow7MA4YWxkTrZu0gW';
const certificateSlot = requiredSlots.find((slot) => slot.slotKind === 'certificate')!.slotTypeId;

let server: TestServer;
let port = 0;
beforeAll(async () => {
  server = await startServer({
    periodsFile: openPeriodsFile(),
    timeouts: {
      requestMs: 1500,
      headersMs: 1000,
      keepAliveMs: 1000,
      checkIntervalMs: 200,
      uploadMs: 8000,
      uploadMinBytesPerSecond: 4096,
    },
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(() => server.close());

interface Result {
  /** The server's answer, as far as it came (latin1). */
  received: string;
  /** Milliseconds from the connection to its close (or the test's limit). */
  closedAfterMs: number;
  /** The body's bytes written before the close. */
  written: number;
}

/**
 * Sends `head` at once, then `body` in pieces of `pieceBytes` every `everyMs`, and waits for the server to
 * answer and close, or `limitMs`.
 */
function trickle(head: string, body: Buffer, pieceBytes: number, everyMs: number, limitMs: number) {
  return new Promise<Result>((done) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let written = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || written >= body.length) return clearInterval(timer);
      const piece = body.subarray(written, written + pieceBytes);
      written += piece.length;
      socket.write(piece);
    }, everyMs);
    const finish = () => {
      clearInterval(timer);
      clearTimeout(limit);
      socket.destroy();
      done({ received, closedAfterMs: Date.now() - started, written });
    };
    const limit = setTimeout(finish, limitMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      // A complete answer with a body of known length ends the test (a kept-alive success stays open).
      const [headers, rest] = received.split('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(headers ?? '')?.[1];
      if (rest !== undefined && length !== undefined && Buffer.byteLength(rest, 'latin1') >= Number(length))
        finish();
    });
    socket.on('close', finish);
    socket.on('error', () => undefined);
    socket.on('connect', () => socket.write(head));
  });
}

/** A signed-in applicant's draft, and an upload of `fileBytes` into its graduation certificate's slot. */
async function uploadRequest(fileBytes: number) {
  const who = await planApplicant(server, 'slow');
  const applicationId = await startDraft(server, who);
  const file = Buffer.concat([pdf(), Buffer.alloc(fileBytes)]);
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="slotKind"\r\n\r\ncertificate\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="slotTypeId"\r\n\r\n` +
        `${certificateSlot}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="certificate.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const head =
    `POST ${server.config.basePath}/api/applicant/applications/${applicationId}/documents HTTP/1.1\r\n` +
    `Host: localhost\r\nCookie: ${who.cookie}\r\nX-Request-Id: ${requestId()}\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`;
  return { head, body };
}

describe('a slow applicant uploads a document', () => {
  it('a file sent at 16 KiB/s for 3 s, twice the request timeout, is stored (201)', async () => {
    const { head, body } = await uploadRequest(44 * 1024);
    const result = await trickle(head, body, 1600, 100, 10_000);
    expect(result.received).toMatch(/^HTTP\/1\.1 201/);
    expect(result.closedAfterMs).toBeGreaterThan(1500);
  });
});

describe('an attacker holds connections open', () => {
  it('an upload sent at 1 KiB/s, under the minimum rate, is cut off soon after the request timeout', async () => {
    const { head, body } = await uploadRequest(44 * 1024);
    const result = await trickle(head, body, 100, 100, 10_000);
    expect(result.received).not.toMatch(/^HTTP\/1\.1 2/);
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(1500);
    expect(result.closedAfterMs).toBeLessThan(4000);
    expect(result.written).toBeLessThan(body.length);
  });

  it('an upload that keeps up the minimum rate is still cut off at the upload timeout', async () => {
    const { head, body } = await uploadRequest(200 * 1024);
    const result = await trickle(head, body, 1000, 100, 15_000);
    expect(result.received).not.toMatch(/^HTTP\/1\.1 2/);
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(8000);
    expect(result.closedAfterMs).toBeLessThan(10_000);
    expect(result.written).toBeLessThan(body.length);
  });

  it('any other route keeps the request timeout: a sign-in body sent at 10 bytes/s is cut off', async () => {
    const body = Buffer.from(JSON.stringify({ email: uniqueEmail(), password: 'x'.repeat(200) }));
    const head =
      `POST ${server.config.basePath}/api/applicant/sessions HTTP/1.1\r\nHost: localhost\r\n` +
      `Content-Type: application/json\r\nX-Request-Id: ${requestId()}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const result = await trickle(head, body, 1, 100, 10_000);
    expect(result.received).not.toMatch(/^HTTP\/1\.1 2/);
    expect(result.closedAfterMs).toBeLessThan(2500);
  });

  it('a request to no route at all keeps the request timeout', async () => {
    const body = Buffer.alloc(2000, 'a');
    const head =
      `POST ${server.config.basePath}/api/nowhere HTTP/1.1\r\nHost: localhost\r\n` +
      `Content-Type: application/json\r\nX-Request-Id: ${requestId()}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const result = await trickle(head, body, 10, 100, 10_000);
    expect(result.closedAfterMs).toBeLessThan(2500);
  });
});

describe('the upload timeout is a setting', () => {
  it('defaults to 10 minutes and 4 KiB/s, and may not be shorter than the request timeout', () => {
    expect(loadConfig({}).timeouts).toMatchObject({ uploadMs: 600_000, uploadMinBytesPerSecond: 4096 });
    expect(
      loadConfig({ UPLOAD_TIMEOUT_MS: '120000', UPLOAD_MIN_BYTES_PER_SECOND: '16384' }).timeouts,
    ).toMatchObject({ uploadMs: 120_000, uploadMinBytesPerSecond: 16_384 });
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '20000', UPLOAD_TIMEOUT_MS: '10000' })).toThrow(
      /UPLOAD_TIMEOUT_MS \(10000\) must be at least REQUEST_TIMEOUT_MS \(20000\)/,
    );
    expect(() => loadConfig({ UPLOAD_MIN_BYTES_PER_SECOND: '0' })).toThrow(ConfigError);
  });
});
