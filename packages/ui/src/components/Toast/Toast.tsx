import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastQueue as AriaToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import { toastTimeoutMs } from '../../theme/tokens';
import * as styles from './Toast.css';

export interface ToastContent {
  title: string;
  text: string;
}

export interface ToastApi {
  /** Shows an error toast for 6000 ms (spec 9); the applicant can close it sooner. Returns its key. */
  error: (content: ToastContent) => string;
  close: (key: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export interface ToastProviderProps {
  children: ReactNode;
  /** Defaults to spec 9's 6000 ms. react-aria refuses less than 5000 ms, so a toast stays readable. */
  timeout?: number;
}

/**
 * Holds the toast queue and renders the toast region (a landmark: F6 reaches it, and react-aria announces a
 * new toast and pauses its timer while it is hovered or focused).
 */
export function ToastProvider({ children, timeout = toastTimeoutMs }: ToastProviderProps) {
  const intl = useIntl();
  const [queue] = useState(() => new AriaToastQueue<ToastContent>({ maxVisibleToasts: 3 }));
  const api = useMemo<ToastApi>(
    () => ({ error: (content) => queue.add(content, { timeout }), close: (key) => queue.close(key) }),
    [queue, timeout],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <AriaToastRegion
        queue={queue}
        className={styles.region}
        aria-label={intl.formatMessage({ id: 'ui.toast.region' })}
      >
        {({ toast }) => (
          <AriaToast toast={toast} className={styles.toast}>
            <AriaToastContent className={styles.content}>
              <Text slot="title" className={styles.title}>
                {toast.content.title}
              </Text>
              <Text slot="description">{toast.content.text}</Text>
            </AriaToastContent>
            <AriaButton slot="close" className={styles.close}>
              {intl.formatMessage({ id: 'ui.toast.close' })}
            </AriaButton>
          </AriaToast>
        )}
      </AriaToastRegion>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
