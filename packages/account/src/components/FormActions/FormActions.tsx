import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import { Button } from '@pre-admission/ui';
import * as styles from './FormActions.css';

export interface FormActionsProps {
  /** The submit button's text. */
  submit: MessageId;
  /** The request is in flight: the submit button shows it. */
  pending: boolean;
  /** What follows the submit: Cancel or a link. */
  children?: ReactNode;
  /**
   * The submit takes something away (removes a passkey, turns off the app): it is outlined, not filled, so
   * it is never the obvious next step (issue 39 item 6).
   */
  destructive?: boolean;
}

/** The row of a form's buttons: the submit first, then Cancel; wraps on a narrow screen. */
export function FormActions({ submit, pending, children, destructive = false }: FormActionsProps) {
  const intl = useIntl();
  return (
    <div className={styles.root}>
      <Button type="submit" isPending={pending} variant={destructive ? 'secondary' : 'primary'}>
        {intl.formatMessage({ id: submit })}
      </Button>
      {children}
    </div>
  );
}
