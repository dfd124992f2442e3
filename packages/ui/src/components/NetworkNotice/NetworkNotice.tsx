import { useIntl } from 'react-intl';
import { Banner } from '../Banner';
import { Button } from '../Button';
import * as styles from './NetworkNotice.css';

export interface NetworkNoticeProps {
  /** The browser says it is offline (`navigator.onLine` false): said until it is back. */
  offline: boolean;
  /** Loading the page's data got no answer: said, with "Try again", until `onRetry` is pressed. */
  failed?: boolean;
  /** Loads again what failed to load. */
  onRetry?: () => void;
}

/**
 * The page's notice about the connection (issue 27): offline, or the page's data could not be loaded.
 * One polite live region, always in the page so that what appears in it is announced; empty (and taking
 * no room) while all is well. A form says its own failures in its error summary instead.
 */
export function NetworkNotice({ offline, failed = false, onRetry }: NetworkNoticeProps) {
  const intl = useIntl();
  return (
    <div role="status" className={styles.region} data-network-notice="">
      {offline ? (
        <Banner tone="warning">
          <p className={styles.text}>{intl.formatMessage({ id: 'ui.networkNotice.offline' })}</p>
        </Banner>
      ) : failed ? (
        <Banner tone="error">
          <div className={styles.body}>
            <p className={styles.text}>{intl.formatMessage({ id: 'ui.networkNotice.failed' })}</p>
            {onRetry && (
              <Button variant="secondary" onPress={onRetry}>
                {intl.formatMessage({ id: 'ui.networkNotice.retry' })}
              </Button>
            )}
          </div>
        </Banner>
      ) : null}
    </div>
  );
}
