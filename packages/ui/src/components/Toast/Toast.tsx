import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { UNSTABLE_ToastQueue as AriaToastQueue } from 'react-aria-components';
import { useHasBeenTrue } from '../../overlays/useHasBeenTrue';
import { toastTimeoutMs } from '../../theme/tokens';

export interface ToastContent {
  title: string;
  text: string;
}

export interface ToastApi {
  /** Shows an error toast for 6000 ms (docs/behaviour.md#constants); the applicant can close it sooner. Returns its key. */
  error: (content: ToastContent) => string;
  close: (key: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** The region's code (landmark, toast focus handling) is not on any first load: a toast is rare. */
export const loadToastRegion = () => import('./ToastRegion');
const ToastRegion = lazy(async () => ({ default: (await loadToastRegion()).ToastRegion }));

export interface ToastProviderProps {
  children: ReactNode;
  /** Defaults to the 6000 ms of docs/behaviour.md#constants. react-aria refuses less than 5000 ms, so a toast stays readable. */
  timeout?: number;
}

/**
 * Holds the toast queue and renders the toast region (a landmark: F6 reaches it, and react-aria announces a
 * new toast and pauses its timer while it is hovered or focused). The region mounts once the queue has had
 * a toast; a toast's timer starts when react-aria renders it, so loading the region takes none of its 6 s.
 * The region's chunk is fetched when the page is idle, whether or not a toast comes.
 */
export function ToastProvider({ children, timeout = toastTimeoutMs }: ToastProviderProps) {
  const [queue] = useState(() => new AriaToastQueue<ToastContent>({ maxVisibleToasts: 3 }));
  const api = useMemo<ToastApi>(
    () => ({ error: (content) => queue.add(content, { timeout }), close: (key) => queue.close(key) }),
    [queue, timeout],
  );
  const subscribe = useCallback((onChange: () => void) => queue.subscribe(onChange), [queue]);
  const hasToasts = useSyncExternalStore(
    subscribe,
    () => queue.visibleToasts.length > 0,
    () => false,
  );
  const hasHadToasts = useHasBeenTrue(hasToasts);
  // A toast often reports a lost connection, when its region could no longer be fetched: fetch it once
  // the page is idle (not on the first load), so the first toast finds it there. Rendering stays lazy.
  useEffect(() => {
    const preload = () => void loadToastRegion().catch(() => undefined);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(preload, 2000);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(preload, { timeout: 5000 });
    return () => cancelIdleCallback(handle);
  }, []);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {hasHadToasts && (
        <Suspense fallback={null}>
          <ToastRegion queue={queue} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
