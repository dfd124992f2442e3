/**
 * `findBy*` options for the first appearance of a lazy overlay (toast region, dialog, menu). Its chunk is
 * fetched on first use; in the Storybook dev server that first fetch also compiles it (vanilla-extract
 * included), which took 7.5 s for the toast region with both language projects running on two cores.
 */
export const coldLoad = { timeout: 30_000 } as const;
