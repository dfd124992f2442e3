/**
 * What the build gives react-aria for `use-sync-external-store/shim` (apps/web/vite.config.ts): the shim
 * backfills the hook for React 17 and older, and React 19 has it, so the shim's own copy is dead weight on
 * the first load.
 */
export { useSyncExternalStore } from 'react';
