import { useIntl } from 'react-intl';
import { Link as AriaLink } from 'react-aria-components';
import { AccountMenu, type AccountMenuProps } from '../AccountMenu';
import { LanguageSwitch } from '../LanguageSwitch';
import * as styles from './Header.css';

export interface HeaderProps {
  /** banner: the top page's 100px banner; compact: the 44px header of every other page (docs/behaviour.md#routes). */
  variant?: 'banner' | 'compact';
  /** Where the site title links to. */
  homeHref?: string;
  /** When signed in: the account email and the menu's destinations. */
  account?: { email: string } & AccountMenuProps;
}

/** The site header: title, and the language switch; when signed in, the account email and menu too. */
export function Header({ variant = 'compact', homeHref = '/', account }: HeaderProps) {
  const intl = useIntl();
  return (
    <header className={styles.header({ variant })}>
      <div className={styles.inner({ variant })}>
        <div className={styles.titleBlock}>
          <AriaLink href={homeHref} className={styles.title({ variant })}>
            {intl.formatMessage({
              id: variant === 'banner' ? 'ui.header.siteTitleLong' : 'ui.header.siteTitle',
            })}
          </AriaLink>
          {variant === 'banner' && (
            <span className={styles.subtitle}>{intl.formatMessage({ id: 'ui.header.siteSubtitle' })}</span>
          )}
        </div>
        <div className={styles.tools}>
          <LanguageSwitch />
          {account && (
            <AccountMenu
              email={account.email}
              applicationsHref={account.applicationsHref}
              changeEmailHref={account.changeEmailHref}
              changePasswordHref={account.changePasswordHref}
              onLogOut={account.onLogOut}
            />
          )}
        </div>
      </div>
    </header>
  );
}
