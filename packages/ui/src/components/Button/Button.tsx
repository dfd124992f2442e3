import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  Button as AriaButton,
  ProgressBar,
  type ButtonProps as AriaButtonProps,
} from 'react-aria-components';
import { dropDanglingAnnouncements } from '../../announcer';
import * as styles from './Button.css';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'style' | 'children'> {
  children: ReactNode;
  /** primary: the one main action of a page; secondary: the others; quiet: low-emphasis actions. */
  variant?: 'primary' | 'secondary' | 'quiet';
  fullWidth?: boolean;
}

/**
 * A button. While `isPending` it keeps focus, ignores further presses (no double sending, docs/behaviour.md#validation), and
 * react-aria announces the change; the spinner carries the translated "processing" label.
 */
export function Button({ variant = 'primary', fullWidth = false, children, ...props }: ButtonProps) {
  const intl = useIntl();
  // A button that was pending may have left react-aria's "busy" announcement naming it; once it has gone
  // (a submit led to the next screen), that announcement names nothing.
  const wasPending = useRef(false);
  useEffect(() => {
    if (props.isPending) wasPending.current = true;
  }, [props.isPending]);
  useEffect(
    () => () => {
      if (wasPending.current) dropDanglingAnnouncements();
    },
    [],
  );
  return (
    <AriaButton {...props} className={styles.button({ variant, fullWidth })}>
      {({ isPending }) => (
        <>
          {children}
          {isPending && (
            <ProgressBar isIndeterminate aria-label={intl.formatMessage({ id: 'ui.button.pending' })}>
              <span className={styles.spinner} aria-hidden="true" />
            </ProgressBar>
          )}
        </>
      )}
    </AriaButton>
  );
}
