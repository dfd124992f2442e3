import type { Api } from '@pre-admission/api';
import { loadMessages, type Locale } from '@pre-admission/i18n';
import { overlayPreloads } from '@pre-admission/ui';
import { screenPreloads } from '../routing/routeTable';

const referenceData = () => import('../referenceData/queries');

/** The idle work starts at the latest this long after the app (when the page never says it is ready). */
export const idleWorkFallbackMs = 8000;

/** Resolves in the browser's next idle period. */
export function idlePeriod(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 50);
  });
}

/**
 * Runs the tasks when the browser is idle, one per idle period, so that start-up work never delays the
 * first paint or holds the main thread for long (each import inserts its chunk's preload links, and a
 * slow phone takes a few milliseconds for each). Returns the cancel.
 */
function whenIdle(tasks: ReadonlyArray<() => unknown>): () => void {
  let cancelled = false;
  void (async () => {
    for (const task of tasks) {
      await idlePeriod();
      if (cancelled) return;
      task();
    }
  })();
  return () => {
    cancelled = true;
  };
}

/**
 * What the app fetches once the page is on screen (pageReady.tsx), at idle time: the reference lists loaded at start
 * (docs/behaviour.md#api-calls), the other language, the overlays and every screen's chunk. Returns the
 * cancel.
 */
export function startIdleWork(api: Api, initialLocale: Locale): () => void {
  return whenIdle([
    () =>
      void referenceData().then(({ queryClient, prefetchStartupLists }) =>
        prefetchStartupLists(queryClient, api, idlePeriod),
      ),
    // The other language, so that the switch is instant (and works offline).
    () => loadMessages(initialLocale === 'ja' ? 'en' : 'ja').catch(() => undefined),
    // The menu, dialogs and toasts load on first use; fetched now, they open at once (and offline). One
    // per idle period: evaluating them all at once was a long task on a slow phone.
    ...overlayPreloads.map((load) => () => load().catch(() => undefined)),
    ...screenPreloads(),
  ]);
}

/** Sign-out listeners clear what the applicant saw (docs/behaviour.md#session): the reference-data cache. */
export function clearReferenceData(): void {
  void referenceData().then(({ queryClient }) => queryClient.clear());
}
