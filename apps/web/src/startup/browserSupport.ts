/**
 * What the site's code calls without a fallback, beyond the syntax of its build target (es2022, which an
 * older browser cannot even parse: the prerendered page then simply stays). Tested once, at start
 * (main.tsx): a browser that lacks one gets the unsupported-browser screen, and a failure later on is
 * never taken for one (issue 27: a lost connection is not an old browser).
 */
const features: ReadonlyArray<readonly [string, (scope: typeof globalThis) => unknown]> = [
  ['fetch', (scope) => typeof scope.fetch === 'function' && typeof scope.Request === 'function'],
  ['AbortController', (scope) => typeof scope.AbortController === 'function'],
  ['URL', (scope) => typeof scope.URL === 'function' && typeof scope.URLSearchParams === 'function'],
  ['Intl.PluralRules', (scope) => typeof scope.Intl?.PluralRules === 'function'],
  ['Intl.RelativeTimeFormat', (scope) => typeof scope.Intl?.RelativeTimeFormat === 'function'],
  ['Array.prototype.at', (scope) => typeof scope.Array?.prototype.at === 'function'],
  ['Object.hasOwn', (scope) => typeof scope.Object?.hasOwn === 'function'],
];

/** The features `scope` (the window) lacks, by name; empty in a supported browser. */
export function missingFeatures(scope: typeof globalThis): string[] {
  return features.filter(([, has]) => !has(scope)).map(([name]) => name);
}
