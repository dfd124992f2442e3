import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import * as styles from './PageLayout.css';

export interface PageLayoutProps {
  /** The Header (or nothing). */
  header?: ReactNode;
  children: ReactNode;
  /** The document title of the page; also what the error summary prefixes. */
  title?: string;
  /** Id of the main landmark, the skip link's target. */
  mainId?: string;
}

/** A page: skip link to the main content, the header, and the 800px column of spec 9. */
export function PageLayout({ header, children, title, mainId = 'main' }: PageLayoutProps) {
  const intl = useIntl();
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
  return (
    <>
      <a className={styles.skipLink} href={`#${mainId}`}>
        {intl.formatMessage({ id: 'ui.pageLayout.skipLink' })}
      </a>
      {header}
      <main id={mainId} tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </>
  );
}
