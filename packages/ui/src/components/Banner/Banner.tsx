import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { visuallyHidden } from '../../theme/shared.css';
import * as styles from './Banner.css';

export interface BannerProps {
  /** info: a notice; warning: the maintenance stop (docs/behaviour.md#product); error: "session was disconnected" (docs/behaviour.md#error-catalogue). */
  tone: 'info' | 'warning' | 'error';
  title?: string;
  children: ReactNode;
  /**
   * Announce the banner when it appears (role="alert" for errors, "status" otherwise). Leave false for a
   * banner that is part of the page on load, such as the maintenance notice, so it is read in order.
   */
  announce?: boolean;
}

/** A page-level message. The tone is said in words too ("ご注意：" / "Warning:"), never by colour alone. */
export function Banner({ tone, title, children, announce = false }: BannerProps) {
  const intl = useIntl();
  const titleId = useId();
  const role = announce ? (tone === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div
      className={styles.banner({ tone })}
      role={role}
      aria-labelledby={role && title ? titleId : undefined}
    >
      {title && (
        <p id={titleId} className={styles.title}>
          <span className={visuallyHidden}>{intl.formatMessage({ id: `ui.banner.${tone}` })} </span>
          {title}
        </p>
      )}
      <div className={styles.body}>
        {!title && <span className={visuallyHidden}>{intl.formatMessage({ id: `ui.banner.${tone}` })} </span>}
        {children}
      </div>
    </div>
  );
}
