import { type Api, type ReferenceList, type ReferenceListName } from '@pre-admission/api';
import { QueryClient } from '@tanstack/react-query';
import { registerReferenceCache } from '../startup/referenceCache';

// This module (and react-query with it) is loaded lazily, by the screens that show reference data (the
// planner), each list when a screen asks for it (docs/behaviour.md#api-calls). A page that shows none, the
// sign-in page among them, never fetches it.

/** The one cache of the app. docs/behaviour.md#constants: reference data is stale after 2000 ms, kept 5 minutes, never retried. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 2000, gcTime: 5 * 60 * 1000, retry: false } },
});
registerReferenceCache(() => queryClient.clear());

export function referenceQuery<Name extends ReferenceListName>(api: Api, name: Name) {
  return {
    queryKey: ['reference', name] as const,
    queryFn: (): Promise<ReferenceList<Name>> => api.fetchReferenceList(name),
  };
}
