export { overlayPreloads, preloadOverlays } from './preloadOverlays';
