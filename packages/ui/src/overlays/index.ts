export { overlayPreloads, preloadOverlays } from './preloadOverlays';
// The sign-in page's browsers dialog, the one overlay a signed-out page preloads (apps/web's idle work).
export { loadDialogModal } from '../components/Dialog/Dialog';
