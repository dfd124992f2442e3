// getReferenceLists (docs/behaviour.md#api-calls): a screen's lists in one response with one ETag, and every
// malformed or hostile query refused with a clear 400 problem. Each answer is checked against openapi.yaml.
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../src/platform/contract.ts';
import { lists, REFERENCE_LISTS_QUERY_LIMIT, referenceListNames } from '../src/routes/referenceData.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });
const query = (names: readonly string[]) =>
  names.map((name) => `names=${encodeURIComponent(name)}`).join('&');

/** The planner's lists (packages/planner/src/model.ts listNames), in the contract's order. */
const plannerLists = [
  'countries',
  'courses',
  'programs',
  'scholarshipFinancialSupports',
  'scholarshipStatuses',
  'scholarshipTypes',
  'supplementalMaterialTypes',
  'teachers',
  'rankedUniversities',
  'applicationCertificateTypes',
  'supplementalMaterialRequires',
];

const operationOf = Object.fromEntries(Object.entries(lists).map(([op, name]) => [name, op as OperationId]));
const singlePath = (name: string) =>
  server.config.basePath + server.services.contract.operation(operationOf[name]!).path;

function expectRefused(response: Awaited<ReturnType<typeof get>>, code: string, field = 'names') {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = response.json();
  expect(body).toMatchObject({
    type: 'urn:pre-admission:problem:validation',
    status: 400,
    errors: [{ field, code }],
  });
  expect(body.detail).toEqual(expect.any(String));
  expect(response.headers.etag).toBeUndefined();
  expect(
    server.services.contract.checkResponse('getReferenceLists', 400, response.headers['content-type'], body),
  ).toEqual([]);
  return body as { detail: string };
}

describe('several lists in one response', () => {
  it('answers each list named, under its name and in the order asked, as its own operation answers it', async () => {
    const response = await get(`/api/reference-lists?${query(plannerLists)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json() as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(plannerLists);
    for (const name of plannerLists) expect(body[name], name).toEqual((await get(singlePath(name))).json());
    expect(
      server.services.contract.checkResponse(
        'getReferenceLists',
        200,
        response.headers['content-type'],
        body,
      ),
    ).toEqual([]);
  });

  it('answers every list at once', async () => {
    const response = await get(`/api/reference-lists?${query(referenceListNames)}`);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json() as object)).toEqual(referenceListNames);
  });

  it('has one ETag over the whole answer and the single lists’ max-age; If-None-Match gives one 304', async () => {
    const url = `/api/reference-lists?${query(plannerLists)}`;
    const first = await get(url, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect((await get(url)).headers.etag).toBe(etag);
    const again = await get(url, { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Another set of lists is another answer: the ETag of one never validates the other.
    const fewer = await get(`/api/reference-lists?${query(plannerLists.slice(1))}`, {
      'if-none-match': etag,
    });
    expect(fewer.statusCode).toBe(200);
    expect(fewer.headers.etag).not.toBe(etag);
  });

  it('a changed list changes the ETag of every answer that carries it', async () => {
    const url = `/api/reference-lists?${query(['scholarshipStatuses', 'scholarshipTypes'])}`;
    const before = await get(url);
    const [row] = await server.services.db.query<{ items: unknown }>(
      `select items from reference_lists where name = 'scholarshipStatuses'`,
    );
    const items = typeof row!.items === 'string' ? row!.items : JSON.stringify(row!.items);
    try {
      await server.services.db.query(
        `update reference_lists set items = $1::jsonb where name = 'scholarshipStatuses'`,
        [JSON.stringify([{ id: 99, name: 'Changed', nameJa: '変更' }])],
      );
      const after = await get(url, { 'if-none-match': String(before.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({ scholarshipStatuses: [{ id: 99 }] });
    } finally {
      await server.services.db.query(
        `update reference_lists set items = $1::jsonb where name = 'scholarshipStatuses'`,
        [items],
      );
    }
  });

  it('the planner’s lists are one compressed answer under 15 kB', async () => {
    const plain = await get(`/api/reference-lists?${query(plannerLists)}`);
    const packed = await get(`/api/reference-lists?${query(plannerLists)}`, { 'accept-encoding': 'br' });
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.rawPayload.length).toBeLessThan(13_000);
    expect(JSON.parse(brotliDecompressSync(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});

describe('a query the operation does not take is a clear 400', () => {
  it('no names, or an empty one', async () => {
    expectRefused(await get('/api/reference-lists'), 'required');
    expectRefused(await get('/api/reference-lists?names='), 'required');
  });

  it('an unknown list, named by its position', async () => {
    const body = expectRefused(
      await get('/api/reference-lists?names=countries&names=planets'),
      'unknown_list',
    );
    expect(body.detail).toBe('names[1]: not a reference list.');
  });

  it('a list named twice', async () => {
    const body = expectRefused(await get('/api/reference-lists?names=teachers&names=teachers'), 'duplicate');
    expect(body.detail).toBe('names[1]: named twice.');
  });

  it('lists out of the contract’s order, with the order to use', async () => {
    const body = expectRefused(
      await get('/api/reference-lists?names=teachers&names=countries'),
      'out_of_order',
    );
    expect(body.detail).toContain(referenceListNames.join(', '));
  });

  it('another query parameter', async () => {
    expectRefused(await get('/api/reference-lists?names=teachers&v=2'), 'unknown_field', 'query');
  });

  it('more names than there are lists', async () => {
    expectRefused(
      await get(`/api/reference-lists?${query([...referenceListNames, 'countries'])}`),
      'too_long',
    );
  });
});

describe('hostile queries', () => {
  it('a huge query is refused by its length, before its names are read', async () => {
    const huge = `names=${'countries,'.repeat(2_000)}`;
    expect(huge.length).toBeGreaterThan(REFERENCE_LISTS_QUERY_LIMIT);
    expectRefused(await get(`/api/reference-lists?${huge}`), 'too_long');
    const many = Array.from({ length: 500 }, () => 'names=countries').join('&');
    expectRefused(await get(`/api/reference-lists?${many}`), 'too_long');
  });

  it.each([
    ['a NUL byte', 'names=teachers%00', 'unknown_list'],
    ['an encoded path', 'names=..%2F..%2Fteachers', 'unknown_list'],
    ['SQL', "names=teachers'%3B%20drop%20table%20reference_lists%3B--", 'unknown_list'],
    ['an encoded separator', 'names=countries%2Cteachers', 'unknown_list'],
    ['an encoded ampersand', 'names=countries%26names%3Dteachers', 'unknown_list'],
    ['double encoding', 'names=%2574eachers', 'unknown_list'],
    ['bad percent-encoding', 'names=%E0%A4%A', 'unknown_list'],
    ['a prototype name', 'names=__proto__', 'unknown_list'],
    ['an inherited name', 'names=constructor', 'unknown_list'],
    ['an inherited name', 'names=toString', 'unknown_list'],
    ['brackets', 'names[]=teachers', 'unknown_field'],
    ['a nested key', 'names[0]=teachers', 'unknown_field'],
    ['a prototype key', '__proto__=teachers&names=teachers', 'unknown_field'],
    ['an upper-case name', 'names=Teachers', 'unknown_list'],
  ])('%s (%s) is a 400 that repeats nothing of it', async (_what, raw, code) => {
    const response = await get(`/api/reference-lists?${raw}`);
    const body = expectRefused(response, code, code === 'unknown_field' ? 'query' : 'names');
    expect(response.body).not.toContain('drop table');
    expect(response.body).not.toContain('..');
    expect(body.detail).not.toMatch(/teachers'|%|\\u0000/);
  });

  it('after them the lists are all there and Object.prototype is untouched', async () => {
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('teachers');
    expect(({} as Record<string, unknown>).names).toBeUndefined();
    const response = await get(`/api/reference-lists?${query(referenceListNames)}`);
    expect(response.statusCode).toBe(200);
    const rows = await server.services.db.query<{ count: number }>(
      'select count(*)::int as count from reference_lists',
    );
    expect(rows[0]!.count).toBeGreaterThanOrEqual(referenceListNames.length);
  });
});
