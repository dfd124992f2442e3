import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { visuallyHidden } from '../../theme/shared.css';
import * as styles from './Link.css';

export interface LinkProps extends Omit<AriaLinkProps, 'className' | 'target' | 'rel' | 'children'> {
  href: string;
  children: ReactNode;
  /** Opens in a new tab and says so, in words for screen readers and with an icon for sighted users. */
  external?: boolean;
  className?: string;
}

/**
 * A link. Internal links go through react-aria's RouterProvider (given by UiProvider), so the design system
 * works with any router, or with plain page loads when there is none.
 */
export function Link({ external = false, children, className, ...props }: LinkProps) {
  const intl = useIntl();
  return (
    <AriaLink
      {...props}
      className={className ? `${styles.link} ${className}` : styles.link}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
      {external && (
        <>
          <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path
              d="M9 2h5v5M14 2 7 9M12 9v4a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            />
          </svg>
          <span className={visuallyHidden}>{intl.formatMessage({ id: 'ui.link.newTab' })}</span>
        </>
      )}
    </AriaLink>
  );
}
