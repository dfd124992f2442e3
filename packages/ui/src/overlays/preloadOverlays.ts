import { loadAccountMenuPopover } from '../components/AccountMenu/AccountMenu';
import { loadAlertDialogModal } from '../components/AlertDialog/AlertDialog';
import { loadDialogModal } from '../components/Dialog/Dialog';
import { loadToastRegion } from '../components/Toast/Toast';

/**
 * Fetches the overlays' lazy parts (account menu, dialogs, toast region), none of which is on a first
 * load. Call it when the page is idle, so the first open of an overlay, or a toast, does not wait for the
 * network (or find it gone). Resolves when all are loaded; rejects if one failed (calling again retries).
 */
export function preloadOverlays(): Promise<unknown> {
  return Promise.all([
    loadAccountMenuPopover(),
    loadAlertDialogModal(),
    loadDialogModal(),
    loadToastRegion(),
  ]);
}
