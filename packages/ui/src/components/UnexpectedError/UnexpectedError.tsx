import { useIntl } from 'react-intl';
import { FixedLocale } from '@pre-admission/i18n';
import { describeError, type ErrorDetails } from './describeError';
import * as styles from './UnexpectedError.css';

export interface UnexpectedErrorProps extends ErrorDetails {
  /** The stack text, shown as is when there is any. */
  stack?: string | null;
}

function Title() {
  const intl = useIntl();
  return (
    <h1 lang="ja" className={styles.title}>
      {intl.formatMessage({ id: 'ui.unexpectedError.title' })}
    </h1>
  );
}

/**
 * Shown when a failed call carries an HTTP status (docs/behaviour.md#routes and #error-catalogue). The heading is always Japanese; below it the
 * error message, else "status = " and the status, else "unknown error"; then the stack text if there is one.
 */
export function UnexpectedError({ message, status, stack }: UnexpectedErrorProps) {
  const intl = useIntl();
  const described = describeError({ message, status });
  return (
    <div className={styles.root}>
      <FixedLocale locale="ja">
        <Title />
      </FixedLocale>
      <p className={styles.message}>
        {described.kind === 'message'
          ? described.text
          : described.kind === 'status'
            ? intl.formatMessage({ id: 'ui.unexpectedError.status' }, { status: String(described.status) })
            : intl.formatMessage({ id: 'ui.unexpectedError.unknown' })}
      </p>
      {stack && (
        <>
          <h2 className={styles.stackTitle}>{intl.formatMessage({ id: 'ui.unexpectedError.stack' })}</h2>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard */}
          <pre className={styles.stack} tabIndex={0}>
            {stack}
          </pre>
        </>
      )}
    </div>
  );
}
