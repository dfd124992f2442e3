import {
  referenceListsKey,
  type Api,
  type ReferenceList,
  type ReferenceListName,
  type ReferenceLists,
} from '@pre-admission/api';
import { REFERENCE_LIST_MAX_AGE } from '@pre-admission/api/referenceCaching';
import { QueryClient } from '@tanstack/react-query';
import { registerReferenceCache } from '../startup/referenceCache';

// This module (and react-query with it) is loaded lazily, by the screens that show reference data (the
// planner), each screen's lists in one request when it asks for them (docs/behaviour.md#api-calls). A page
// that shows none, the sign-in page among them, never fetches them.

/** The one cache of the app. docs/behaviour.md#constants: reference data is stale after 2000 ms, kept 5 minutes, never retried. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 2000, gcTime: 5 * 60 * 1000, retry: false } },
});
registerReferenceCache(() => queryClient.clear());

/**
 * How long a list one screen fetched serves another screen that needs it without a request: the server's
 * `max-age` for the lists, the time the browser's own cache would reuse that answer without asking. A
 * screen's other set of lists is another address, which that cache does not know.
 */
export const REFERENCE_LIST_REUSE_MS = REFERENCE_LIST_MAX_AGE * 1000;

const listKey = (name: ReferenceListName) => ['reference', name] as const;

/**
 * The query of a screen's lists: one request (getReferenceLists) for the lists not already fetched by
 * another screen within REFERENCE_LIST_REUSE_MS; each list fetched is also kept under its own key for the
 * next screen. The key is the names in the contract's order, so the same set is one entry whatever order a
 * screen names them in.
 */
export function referenceQuery<Name extends ReferenceListName>(api: Api, names: readonly Name[]) {
  const key = referenceListsKey(names);
  return {
    queryKey: ['referenceLists', ...key] as const,
    queryFn: async (): Promise<ReferenceLists<Name>> => {
      const kept: Partial<Record<Name, unknown>> = {};
      const missing: Name[] = [];
      for (const name of key) {
        const state = queryClient.getQueryState<ReferenceList<Name>>(listKey(name));
        if (state?.data !== undefined && Date.now() - state.dataUpdatedAt < REFERENCE_LIST_REUSE_MS)
          kept[name] = state.data;
        else missing.push(name);
      }
      const fetched = missing.length > 0 ? await api.fetchReferenceLists(missing) : {};
      for (const [name, list] of Object.entries(fetched))
        queryClient.setQueryData(listKey(name as Name), list);
      return { ...kept, ...fetched } as ReferenceLists<Name>;
    },
  };
}
