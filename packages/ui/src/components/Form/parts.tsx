import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  FieldError as AriaFieldError,
  Label as AriaLabel,
  Text,
  type FieldErrorProps as AriaFieldErrorProps,
  type LabelProps as AriaLabelProps,
} from 'react-aria-components';
import { visuallyHidden } from '../../theme/shared.css';
import * as styles from './Form.css';

export interface LabelProps extends Omit<AriaLabelProps, 'className'> {
  /** Shows the 必須 / Required tag (hidden from screen readers: the input itself says it is required). */
  isRequired?: boolean;
}

export function Label({ isRequired, children, ...props }: LabelProps) {
  const intl = useIntl();
  return (
    <AriaLabel {...props} className={styles.label}>
      <span>{children}</span>
      {isRequired && (
        <span className={styles.requiredTag} aria-hidden="true">
          {intl.formatMessage({ id: 'ui.field.requiredTag' })}
        </span>
      )}
    </AriaLabel>
  );
}

/** Help text under a label; wired to its input by `aria-describedby` (react-aria's `description` slot). */
export function Description({ children }: { children: ReactNode }) {
  return (
    <Text slot="description" className={styles.description}>
      {children}
    </Text>
  );
}

/** The field's error; shown only while the field is invalid and wired by `aria-describedby`. */
export function FieldError({ children, ...props }: Omit<AriaFieldErrorProps, 'className'>) {
  const intl = useIntl();
  return (
    <AriaFieldError {...props} className={styles.fieldError}>
      {(validation) => (
        <>
          {/* GOV.UK: the prefix tells screen-reader users this text is an error, not a hint. */}
          <span className={visuallyHidden}>{intl.formatMessage({ id: 'ui.field.errorPrefix' })} </span>
          {typeof children === 'function'
            ? children(validation)
            : (children ?? validation.validationErrors.join(' '))}
        </>
      )}
    </AriaFieldError>
  );
}
