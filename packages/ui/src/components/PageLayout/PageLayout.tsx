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
  /** Page-wide notices above the content (the connection's NetworkNotice). */
  notices?: ReactNode;
  /**
   * Below the content, outside the main landmark (the signed-in pages' HelpFooter). With one, the main
   * landmark is at least a viewport tall: the footer is below the fold from the first paint, and never seen to
   * move as the content renders.
   */
  footer?: ReactNode;
}

/** A page: skip link to the main content, the header, and the 800px column of docs/behaviour.md#constants. */
export function PageLayout({ header, children, title, mainId = 'main', notices, footer }: PageLayoutProps) {
  const intl = useIntl();
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
  return (
    <>
      <a
        className={styles.skipLink}
        href={`#${mainId}`}
        onClick={(event) => {
          // Move focus ourselves: some browsers scroll to the target without moving focus, and a router
          // may treat the hash change as a navigation.
          const main = document.getElementById(mainId);
          if (!main) return;
          event.preventDefault();
          main.focus();
          main.scrollIntoView();
        }}
      >
        {intl.formatMessage({ id: 'ui.pageLayout.skipLink' })}
      </a>
      {header}
      <main id={mainId} tabIndex={-1} className={footer ? styles.mainWithFooter : styles.main}>
        {notices}
        {children}
      </main>
      {footer}
    </>
  );
}
