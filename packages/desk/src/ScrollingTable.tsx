import { useId, type ReactNode } from 'react';
import * as styles from './Desk.css';

/**
 * A table in a region of its own that scrolls sideways on a narrow screen (the list, an application's
 * documents): the region is named by the table's caption and takes focus, so a keyboard can scroll it too.
 */
export function ScrollingTable({ caption, children }: { caption: ReactNode; children: ReactNode }) {
  const captionId = useId();
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
    <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId} className={styles.muted} style={{ textAlign: 'start' }}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
