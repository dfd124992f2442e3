import { loadAccountMenuPopover } from '../components/AccountMenu/AccountMenu';
import { loadAlertDialogModal } from '../components/AlertDialog/AlertDialog';
import { loadDialogModal } from '../components/Dialog/Dialog';
import { loadToastRegion } from '../components/Toast/Toast';

/**
 * The overlays' lazy parts (account menu, dialogs, toast region), none of which is on a first load, one
 * loader each: a caller that runs them one per idle period keeps each chunk's evaluation a short task of its
 * own on a slow phone (apps/web's idle work does).
 */
export const overlayPreloads: ReadonlyArray<() => Promise<unknown>> = [
  loadAccountMenuPopover,
  loadAlertDialogModal,
  loadDialogModal,
  loadToastRegion,
];

/**
 * Fetches the overlays' lazy parts all at once. Call it when the page is idle, so the first open of an
 * overlay, or a toast, does not wait for the network (or find it gone). Resolves when all are loaded;
 * rejects if one failed (calling again retries).
 */
export function preloadOverlays(): Promise<unknown> {
  return Promise.all(overlayPreloads.map((load) => load()));
}
