import { NetworkNotice } from '@pre-admission/ui';
import { useSyncExternalStore } from 'react';
import { useConnectionFailure } from './FailureBoundary';

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/**
 * The page's notice about the connection (issue 27): while the browser says it is offline, and after a read
 * that got no answer (with "Try again"). The prerendered HTML has the empty region: a page is rendered online.
 */
export function ConnectionNotice() {
  const offline = useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );
  const { failed, retry } = useConnectionFailure();
  return <NetworkNotice offline={offline} failed={failed} onRetry={retry} />;
}
