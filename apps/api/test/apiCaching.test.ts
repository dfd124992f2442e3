// API responses are compressed when the client accepts it; reference lists carry an ETag, answer 304 to
// If-None-Match and may be cached briefly; account responses stay no-store (docs/hosting.md#compression).
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, signIn, startServer, uniqueEmail, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

describe('compression', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('a reference list is sent %s-compressed when accepted', async (encoding, decompress) => {
    const plain = await get('/api/countries');
    const packed = await get('/api/countries', { 'accept-encoding': `${encoding}` });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(String(packed.headers.vary)).toMatch(/accept-encoding/i);
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decompress(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('prefers brotli, sends plain JSON when nothing is accepted', async () => {
    expect(
      (await get('/api/countries', { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding'],
    ).toBe('br');
    expect((await get('/api/countries')).headers['content-encoding']).toBeUndefined();
    expect(
      (await get('/api/countries', { 'accept-encoding': 'identity' })).headers['content-encoding'],
    ).toBeUndefined();
  });
});

describe('caching', () => {
  it('a reference list has an ETag and a short public max-age; If-None-Match gives 304 without a body', async () => {
    const first = await get('/api/countries');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const again = await get('/api/countries', { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const other = await get('/api/courses', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });

  it('account responses stay no-store, compressed or not, and have no ETag', async () => {
    const email = uniqueEmail();
    await register(server, email);
    const cookie = await signIn(server, email);
    for (const headers of [{ cookie }, { cookie, 'accept-encoding': 'br' }] as Record<string, string>[]) {
      const session = await get('/api/applicant/sessions/current', headers);
      expect(session.statusCode).toBe(200);
      expect(session.headers['cache-control']).toBe('no-store');
      expect(session.headers.etag).toBeUndefined();
    }
    expect((await get('/api/health')).headers['cache-control']).toBe('no-store');
  });
});
