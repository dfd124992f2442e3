import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link as AriaLink } from 'react-aria-components';
import * as styles from './NotFound.css';

export interface NotFoundProps {
  /** Where the button goes back to (docs/behaviour.md#routes: /applications, from the app's route table). */
  homeHref: string;
  /** What it goes back to: the application plan (signed in, the default) or the top page (signed out). */
  home?: 'applications' | 'top';
}

/** The 404 page for any unknown route, with a way back to the applications. */
export function NotFound({ homeHref, home = 'applications' }: NotFoundProps) {
  const intl = useIntl();
  const documentTitle = intl.formatMessage({ id: 'ui.notFound.documentTitle' });
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <div className={styles.root}>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>{intl.formatMessage({ id: 'ui.notFound.title' })}</h1>
      <p className={styles.body}>{intl.formatMessage({ id: 'ui.notFound.body' })}</p>
      <AriaLink className={styles.action} href={homeHref}>
        {intl.formatMessage({ id: home === 'top' ? 'ui.problemPage.home' : 'ui.notFound.home' })}
      </AriaLink>
    </div>
  );
}
