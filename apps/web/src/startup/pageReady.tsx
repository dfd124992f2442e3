import { createContext, useContext, useEffect } from 'react';

/**
 * Whether the page an applicant opened is on screen, for the idle work (idleWork.ts): the preloads of the
 * other screens, the other language, the overlays and the reference lists wait for it, so that they never
 * compete with the page itself for the network and the main thread (on /applications they delayed the
 * planner by seconds on a slow phone). Site.tsx provides the callback; the first call counts.
 */
const PageReadyContext = createContext<() => void>(() => undefined);

export const PageReadyProvider = PageReadyContext.Provider;

/** The callback a screen calls once its content is on screen (the planner, when its plan has loaded). */
export function usePageReady(): () => void {
  return useContext(PageReadyContext);
}

/** Reports the page ready when it mounts: for screens whose content is there as soon as they render. */
export function ScreenReady(): null {
  const ready = usePageReady();
  useEffect(() => ready(), [ready]);
  return null;
}
