// Finding 12: a form posted without JavaScript is sent back to its page with a 303. The Location was the raw
// request target, so `POST //evil.example/` answered `Location: //evil.example/` (another site) under the
// root base path. Every redirect built from input is now a same-origin path under the base path
// (docs/hosting.md#redirects).
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../src/platform/config.ts';
import { startServer, type TestServer } from '../helpers.ts';

let root: TestServer;
let based: TestServer;
beforeAll(async () => {
  root = await startServer();
  based = await startServer({ basePath: '/pre-admission' }, root);
});
afterAll(async () => {
  await based.close();
  await root.close();
});

const attacks = [
  '//evil.example/',
  '//evil.example',
  '/\\evil.example',
  '/\\/evil.example/',
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%5C%5Cevil.example',
  '/%5Cevil.example',
  '///evil.example/x',
  '/./evil.example',
  '/..//evil.example',
  '/%2e%2e/%2F/evil.example',
  '/\t/evil.example',
];

/** Where a browser on the site would go with this Location. */
const resolve = (location: string) => new URL(location, 'http://localhost:8080/pre-admission/here');

async function postForm(server: TestServer, url: string) {
  return server.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'email=a%40example.com',
  });
}

describe.each([
  ['the root base path', () => root, ''],
  ['a sub base path', () => based, '/pre-admission'],
])('under %s', (_name, server, base) => {
  it.each(attacks)(
    'a form posted to %s is sent back to a same-origin path under the base path',
    async (attack) => {
      const response = await postForm(server(), `${base}${attack}`);
      if (response.statusCode === 404) return; // not a page of the site: nothing to redirect to
      expect(response.statusCode).toBe(303);
      const location = String(response.headers.location);
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(location).not.toMatch(/[\\\s]/);
      const target = resolve(location);
      expect(target.origin).toBe('http://localhost:8080');
      expect(target.pathname === (base || '/') || target.pathname.startsWith(`${base}/`)).toBe(true);
    },
  );

  it('an ordinary page gets its own path back', async () => {
    const response = await postForm(server(), `${base}/registrations-request`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${base}/registrations-request`);
  });
});

describe('over a real socket (no client library tidies the target first)', () => {
  let port = 0;
  beforeAll(async () => {
    await root.app.listen({ host: '127.0.0.1', port: 0 });
    port = (root.app.server.address() as AddressInfo).port;
  });
  it.each(['/\\evil.example', '//evil.example/', '/\\/evil.example', '/%5C%5Cevil.example'])(
    'a form posted to %s stays on the site',
    async (target) => {
      const answer = await new Promise<{ status: number; location: string }>((done, fail) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: target,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          },
          (res) => {
            res.resume();
            done({ status: res.statusCode ?? 0, location: String(res.headers.location) });
          },
        );
        req.on('error', fail);
        req.end('a=b');
      });
      expect(answer.status).toBe(303);
      expect(answer.location).toMatch(/^\/(?![/\\])/);
      expect(new URL(answer.location, `http://127.0.0.1:${port}/`).host).toBe(`127.0.0.1:${port}`);
    },
  );
});

describe('the base path itself', () => {
  it.each(['//evil.example', '/\\evil.example', '/a//b', '/a/../b', 'https://evil.example/x', ''])(
    'BASE_PATH=%s is refused with a message naming BASE_PATH',
    (value) => {
      expect(() => loadConfig({ BASE_PATH: value })).toThrow(ConfigError);
      expect(() => loadConfig({ BASE_PATH: value })).toThrow(/BASE_PATH/);
    },
  );

  it.each([
    ['/', ''],
    ['pre-admission', '/pre-admission'],
    ['/pre-admission/', '/pre-admission'],
    ['/a/b-c_d.e', '/a/b-c_d.e'],
  ])('BASE_PATH=%s is %s', (value, expected) => {
    expect(loadConfig({ BASE_PATH: value }).basePath).toBe(expected);
  });
});
