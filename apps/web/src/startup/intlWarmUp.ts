/**
 * The first use of `Intl` in a page loads the browser's locale data: about 20 ms on a fast machine, four
 * times that on a slow phone. react-aria's i18n module pays it as it loads (it checks the browser's language
 * with `Intl.DateTimeFormat.supportedLocalesOf` and its direction with `Intl.Locale`), inside the one task
 * that runs the app's modules, which made that task the longest of the start (docs/operations.md#benchmarks).
 * src/main.tsx runs these steps first, a task each, so that the same work is two short tasks instead: the
 * locale's likely subtags, then the list of supported locales. Nothing is kept; a browser without
 * `Intl.Locale` skips the first step.
 */
export const intlWarmUp: ReadonlyArray<() => void> = [
  () => {
    if (typeof Intl.Locale === 'function') new Intl.Locale(navigator.language || 'en-US').maximize();
  },
  () => {
    Intl.DateTimeFormat.supportedLocalesOf([navigator.language || 'en-US']);
  },
];
