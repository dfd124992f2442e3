import { useIntl } from 'react-intl';
import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
  type UNSTABLE_ToastQueue as AriaToastQueue,
} from 'react-aria-components';
import type { ToastContent } from './Toast';
import * as styles from './Toast.css';

/**
 * The toast region, in its own chunk: loaded when the queue first has a toast. react-aria renders the
 * region only while it has toasts, so it appears together with its first toast, as it always did.
 */
export function ToastRegion({ queue }: { queue: AriaToastQueue<ToastContent> }) {
  const intl = useIntl();
  return (
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
          {/* The name from the catalogue: without it, react-aria's close slot names the button in its own words. */}
          <AriaButton
            slot="close"
            className={styles.close}
            aria-label={intl.formatMessage({ id: 'ui.toast.close' })}
          >
            {intl.formatMessage({ id: 'ui.toast.close' })}
          </AriaButton>
        </AriaToast>
      )}
    </AriaToastRegion>
  );
}
