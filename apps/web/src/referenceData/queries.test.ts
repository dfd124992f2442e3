import type { Api, ReferenceListName } from '@pre-admission/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient, referenceQuery, REFERENCE_LIST_REUSE_MS } from './queries';

// A screen's lists in one request; a later screen that needs lists another fetched a moment ago asks for
// none of those (docs/behaviour.md#api-calls).
function fakeApi() {
  const fetchReferenceLists = vi.fn(async (names: readonly ReferenceListName[]) =>
    Object.fromEntries(names.map((name) => [name, [{ id: fetchReferenceLists.mock.calls.length, name }]])),
  );
  return { api: { fetchReferenceLists } as unknown as Api, fetchReferenceLists };
}

afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
});

describe('the reference-data query', () => {
  it('asks once for a screen’s lists, in the contract’s order, under one key whatever order it names them in', async () => {
    const { api, fetchReferenceLists } = fakeApi();
    const lists = await queryClient.fetchQuery(referenceQuery(api, ['teachers', 'countries', 'programs']));
    expect(fetchReferenceLists.mock.calls).toEqual([[['countries', 'programs', 'teachers']]]);
    expect(Object.keys(lists)).toEqual(['countries', 'programs', 'teachers']);
    expect(referenceQuery(api, ['programs', 'countries', 'teachers']).queryKey).toEqual(
      referenceQuery(api, ['teachers', 'countries', 'programs']).queryKey,
    );
  });

  it('a screen that needs lists another fetched asks only for the others, and none when it has them all', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { api, fetchReferenceLists } = fakeApi();
    const first = await queryClient.fetchQuery(referenceQuery(api, ['countries', 'programs', 'teachers']));
    const subset = await queryClient.fetchQuery(referenceQuery(api, ['teachers', 'countries']));
    expect(fetchReferenceLists).toHaveBeenCalledTimes(1);
    expect(subset).toEqual({ countries: first.countries, teachers: first.teachers });
    const more = await queryClient.fetchQuery(referenceQuery(api, ['teachers', 'courses']));
    expect(fetchReferenceLists.mock.calls[1]).toEqual([['courses']]);
    expect(more.teachers).toBe(first.teachers);
    // After the server's max-age the browser would ask again: so does the query.
    vi.setSystemTime(Date.now() + REFERENCE_LIST_REUSE_MS);
    await queryClient.fetchQuery({ ...referenceQuery(api, ['teachers']), staleTime: 0 });
    expect(fetchReferenceLists.mock.calls[2]).toEqual([['teachers']]);
  });

  it('a failure is the query’s error and leaves nothing behind for the next screen', async () => {
    const failing = {
      fetchReferenceLists: vi.fn(async () => Promise.reject(new Error('500'))),
    } as unknown as Api;
    await expect(queryClient.fetchQuery(referenceQuery(failing, ['programs']))).rejects.toThrow('500');
    const { api, fetchReferenceLists } = fakeApi();
    await queryClient.fetchQuery(referenceQuery(api, ['programs']));
    expect(fetchReferenceLists.mock.calls).toEqual([[['programs']]]);
  });
});
