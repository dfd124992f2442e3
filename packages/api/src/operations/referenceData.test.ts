import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MalformedResponseError } from '../client/errors';
import { createApi } from '../createApi';
import { schemaExamples } from '../generated/examples';
import { fakeFetch, json, problemResponse } from '../test/fakeServer';
import { referenceListNames, referenceListsKey } from './referenceData';

// getReferenceLists through the adapter: the names go in the contract's order, each once, so that a screen's
// set of lists has one address; the answer must carry each list asked for, in its own shape.
const contract = parse(readFileSync(new URL('../../../../openapi.yaml', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, { enum?: string[] }> };
};

describe('several reference lists in one request', () => {
  it('knows every list of the contract, in its order', () => {
    expect(referenceListNames).toEqual(contract.components.schemas.ReferenceListName!.enum);
  });

  it('asks in the contract’s order, each name once, whatever order the screen gives', async () => {
    const server = fakeFetch(() =>
      json({ countries: [schemaExamples.Country], teachers: [schemaExamples.Teacher] }),
    );
    const api = createApi({ baseUrl: 'http://localhost:8080', fetch: server.fetch });
    const lists = await api.fetchReferenceLists(['teachers', 'countries', 'teachers']);
    expect(lists).toEqual({ countries: [schemaExamples.Country], teachers: [schemaExamples.Teacher] });
    const url = new URL(server.requests[0]!.url);
    expect(url.pathname).toBe('/api/reference-lists');
    expect(url.search).toBe('?names=countries&names=teachers');
    expect(referenceListsKey(['teachers', 'countries', 'teachers'])).toEqual(['countries', 'teachers']);
  });

  it('refuses an answer without a list asked for, or with one in the wrong shape', async () => {
    for (const body of [
      { countries: [schemaExamples.Country] },
      { countries: [schemaExamples.Country], teachers: [{ id: 'x' }] },
      [schemaExamples.Country],
    ]) {
      const api = createApi({ baseUrl: 'http://localhost:8080', fetch: fakeFetch(() => json(body)).fetch });
      await expect(api.fetchReferenceLists(['countries', 'teachers'])).rejects.toBeInstanceOf(
        MalformedResponseError,
      );
    }
  });

  it('rethrows a failure, as a single list does', async () => {
    const api = createApi({
      baseUrl: 'http://localhost:8080',
      fetch: fakeFetch(() => problemResponse(500)).fetch,
    });
    await expect(api.fetchReferenceLists(['programs'])).rejects.toMatchObject({ status: 500 });
  });
});
