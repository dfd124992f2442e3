import { startupLists, type Api, type ReferenceList, type ReferenceListName } from '@pre-admission/api';
import { QueryClient } from '@tanstack/react-query';

// This module (and react-query with it) is loaded lazily: at idle time after the first render, and by the
// screens that show reference data. The sign-in page's first load does not carry it.

/** The one cache of the app. docs/behaviour.md#constants: reference data is stale after 2000 ms, kept 5 minutes, never retried. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 2000, gcTime: 5 * 60 * 1000, retry: false } },
});

export function referenceQuery<Name extends ReferenceListName>(api: Api, name: Name) {
  return {
    queryKey: ['reference', name] as const,
    queryFn: (): Promise<ReferenceList<Name>> => api.fetchReferenceList(name),
  };
}

/**
 * docs/behaviour.md#api-calls: the 17 lists loaded at start. One after the other, with `pause` (the browser's next idle
 * period) between two: together they are about 100 kB of JSON to parse and check, which at once would hold
 * a slow phone's main thread for a while. Failures here are not the page's: a screen that needs a list
 * asks again.
 */
export async function prefetchStartupLists(
  client: QueryClient,
  api: Api,
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  for (const name of Object.keys(startupLists) as Array<keyof typeof startupLists>) {
    await client.prefetchQuery(referenceQuery(api, name));
    await pause();
  }
}
