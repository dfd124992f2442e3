export { preloadOverlays } from './preloadOverlays';
