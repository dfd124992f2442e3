// Finding 4: with TRUST_PROXY=1 every X-Forwarded-For value was believed (Fastify's trustProxy: true), so a
// client picked its own address and the per-client limits were void. TRUST_PROXY now takes a hop count or
// the proxies' addresses, as Fastify's trustProxy does (docs/hosting.md#trust-proxy).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';
import { startServer, uniqueEmail, type TestServer } from '../helpers.ts';

const PROXY = '10.0.0.2';
const REAL = '198.51.100.9';

describe('behind one reverse proxy (TRUST_PROXY=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
  });
  afterAll(() => server.close());

  it('an attacker sends a new X-Forwarded-For with each guess: the per-client limit still counts them', async () => {
    const { max } = server.config.limits.signInFailuresPerClient;
    const answers: number[] = [];
    for (let i = 0; i < max + 3; i += 1) {
      // nginx appends the address it saw to whatever the client sent: `<forged>, <real>`.
      const response = await server.call('signIn', {
        body: { email: uniqueEmail('nobody'), password: 'Guess1234' },
        ip: PROXY,
        headers: { 'x-forwarded-for': `1.2.3.${i}, ${REAL}` },
      });
      answers.push(response.status);
    }
    expect(answers.slice(0, max).every((status) => status === 404)).toBe(true);
    expect(answers.slice(max)).toEqual([429, 429, 429]);
  });

  it('the address the proxy saw is the client address (the one logged)', async () => {
    const id = '123456:77';
    await server.app.inject({
      url: '/api/health',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `1.2.3.4, ${REAL}`, 'x-request-id': id },
    });
    const line = server.logs.lines.map((l) => JSON.parse(l)).find((l) => l.reqId === id && l.req);
    expect(line.req.remoteAddress).toBe(REAL);
  });
});

describe('TRUST_PROXY values', () => {
  it.each([
    [undefined, false],
    ['0', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.2', ['10.0.0.2']],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ] as const)('TRUST_PROXY=%s is %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['', 'true', 'yes', '*', '-1', '1.5', '10.0.0.0/33', 'proxy.example', '10.0.0.1,,'])(
    'TRUST_PROXY=%s is refused with a message naming TRUST_PROXY',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );
});
