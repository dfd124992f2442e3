import { useIntl } from 'react-intl';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { visuallyHidden } from '../../theme/shared.css';
import * as styles from './AccountMenu.css';

export interface AccountMenuProps {
  /** The signed-in account's address, shown on the menu button (spec 2: the header shows the email). */
  email?: string;
  /** Where each item goes; internal hrefs go through the app's router (UiProvider). */
  applicationsHref: string;
  changeEmailHref: string;
  changePasswordHref: string;
  /** Log out is an action, not a link: the screen signs out and then navigates. */
  onLogOut: () => void;
}

/** The signed-in menu (spec 2): a react-aria Menu, opened and walked with the keyboard or a pointer. */
export function AccountMenu({
  email,
  applicationsHref,
  changeEmailHref,
  changePasswordHref,
  onLogOut,
}: AccountMenuProps) {
  const intl = useIntl();
  return (
    <MenuTrigger>
      <AriaButton className={styles.trigger}>
        {email ? (
          <>
            {/* The visible email is part of the name (WCAG 2.5.3); the hidden words say what the button is. */}
            <span className={visuallyHidden}>{intl.formatMessage({ id: 'ui.accountMenu.label' })} </span>
            <span className={styles.email}>{email}</span>
          </>
        ) : (
          intl.formatMessage({ id: 'ui.accountMenu.label' })
        )}{' '}
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <Popover className={styles.popover} placement="bottom end">
        <Menu className={styles.menu} aria-label={intl.formatMessage({ id: 'ui.accountMenu.label' })}>
          <MenuItem className={styles.item} id="applications" href={applicationsHref}>
            {intl.formatMessage({ id: 'ui.accountMenu.applications' })}
          </MenuItem>
          <MenuItem className={styles.item} id="changeEmail" href={changeEmailHref}>
            {intl.formatMessage({ id: 'ui.accountMenu.changeEmail' })}
          </MenuItem>
          <MenuItem className={styles.item} id="changePassword" href={changePasswordHref}>
            {intl.formatMessage({ id: 'ui.accountMenu.changePassword' })}
          </MenuItem>
          <Separator className={styles.separator} />
          <MenuItem className={styles.item} id="logOut" onAction={onLogOut}>
            {intl.formatMessage({ id: 'ui.accountMenu.logOut' })}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
