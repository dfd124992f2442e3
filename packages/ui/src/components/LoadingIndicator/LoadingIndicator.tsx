import { useIntl } from 'react-intl';
import { ProgressBar } from 'react-aria-components';
import * as styles from './LoadingIndicator.css';

export interface LoadingIndicatorProps {
  /** What is loading, if more specific than "Loading". */
  label?: string;
}

/** A busy state (docs/behaviour.md#routes: shown instead of the routes while the session loads): an indeterminate progressbar. */
export function LoadingIndicator({ label }: LoadingIndicatorProps) {
  const intl = useIntl();
  const text = label ?? intl.formatMessage({ id: 'ui.loading.label' });
  return (
    <ProgressBar isIndeterminate aria-label={text} className={styles.root}>
      <span className={styles.spinner} aria-hidden="true" />
      <span aria-hidden="true">{text}</span>
    </ProgressBar>
  );
}
