/**
 * `findBy*` options for the first appearance of a lazy overlay (toast region, dialog, menu). Its chunk is
 * fetched on first use; in the Storybook dev server that first fetch also compiles it (vanilla-extract
 * included), which took 7.5 s for the toast region with both language projects running on two cores.
 */
export const coldLoad = { timeout: 30_000 } as const;

/**
 * `waitFor` options for an overlay to leave after it is closed. react-aria keeps a modal (and its portal) until
 * the animations running on it end, and a story that closes a dialog just after it opened closes it during its
 * 200 ms fade-in: on a loaded machine that wait passed waitFor's default second (CI14, the session warning's
 * "Sign out" story, with two language projects and other work on two cores).
 */
export const overlayExit = { timeout: 5000 } as const;
