import type { ReactNode } from 'react';
import * as styles from './FormActions.css';

/** The row of a form's buttons: the submit first, then Cancel; wraps on a narrow screen. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.root}>{children}</div>;
}
