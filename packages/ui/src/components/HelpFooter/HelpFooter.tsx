import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '../Link';
import * as styles from './HelpFooter.css';

export interface HelpFooterProps {
  /** The desk's address (docs/glossary.md: 留学生入学前支援窓口, Pre-admission Support Desk). */
  supportEmail: string;
  /** The privacy policy page. */
  privacyHref: string;
}

/**
 * Help below a signed-in page's content (issue 39 item 14: the desk's address was only in error messages and
 * on the registration page): how to reach the desk, and the privacy policy.
 */
export function HelpFooter({ supportEmail, privacyHref }: HelpFooterProps) {
  const intl = useIntl();
  const titleId = useId();
  return (
    <footer className={styles.root} aria-labelledby={titleId}>
      <div className={styles.inner}>
        <h2 id={titleId} className={styles.title}>
          {intl.formatMessage({ id: 'ui.helpFooter.title' })}
        </h2>
        <p className={styles.text}>
          {intl.formatMessage(
            { id: 'ui.helpFooter.desk' },
            { email: <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link> },
          )}
        </p>
        <p className={styles.text}>
          <Link href={privacyHref}>{intl.formatMessage({ id: 'ui.helpFooter.privacy' })}</Link>
        </p>
      </div>
    </footer>
  );
}
