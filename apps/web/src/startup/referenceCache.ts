/**
 * The reference-data cache (referenceData/queries.ts, and react-query with it) registers here as it loads,
 * so that a sign-out clears it (docs/behaviour.md#session) without loading it on a page that never did: the
 * sign-in page's first visit and every page that shows no list.
 */
let clearCache: (() => void) | undefined;

/** Called once by the cache's module as it is evaluated. */
export function registerReferenceCache(clear: () => void): void {
  clearCache = clear;
}

/** Clears the reference data the applicant saw, if any screen loaded the cache. */
export function clearReferenceData(): void {
  clearCache?.();
}
