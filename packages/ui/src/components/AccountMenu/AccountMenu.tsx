import { lazy, Suspense, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button as AriaButton } from 'react-aria-components';
import { PressResponder } from 'react-aria/private/interactions/PressResponder';
import { useMenuTrigger } from 'react-aria/useMenu';
import { useMenuTriggerState } from 'react-stately/useMenuTriggerState';
import { useHasBeenTrue } from '../../overlays/useHasBeenTrue';
import { visuallyHidden } from '../../theme/shared.css';
import * as styles from './AccountMenu.css';

export interface AccountMenuProps {
  /** The signed-in account's address, shown on the menu button (docs/behaviour.md#routes: the header shows the email). */
  email?: string;
  /** Where each item goes; internal hrefs go through the app's router (UiProvider). */
  applicationsHref: string;
  changeEmailHref: string;
  changePasswordHref: string;
  /** The sign-in and security page (passkeys, the authenticator app); the item shows when it is given. */
  signInSecurityHref?: string;
  /** The page that downloads everything held about the account (issue 42); the item shows when it is given. */
  accountDataHref?: string;
  /** Log out is an action, not a link: the screen signs out and then navigates. */
  onLogOut: () => void;
}

/** The menu's code (collections, selection, popover positioning) is not on any first load. */
export const loadAccountMenuPopover = () => import('./AccountMenuPopover');
const AccountMenuPopover = lazy(async () => ({
  default: (await loadAccountMenuPopover()).AccountMenuPopover,
}));

/**
 * The signed-in menu (docs/behaviour.md#routes): a react-aria Menu, opened and walked with the keyboard or a pointer. This is
 * react-aria-components' MenuTrigger made of its hooks, because MenuTrigger shares a module with Menu and
 * would pull the whole menu into the first load; the menu and its popover load on the first open (and
 * start loading when the pointer or focus reaches the button). A closed popover renders nothing, so
 * nothing shifts while it loads; once mounted, the menu takes focus as the trigger asked (the first item
 * on ArrowDown, Enter or Space, the last on ArrowUp).
 */
export function AccountMenu({ email, ...menu }: AccountMenuProps) {
  const intl = useIntl();
  const state = useMenuTriggerState({});
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { menuTriggerProps, menuProps } = useMenuTrigger({ type: 'menu' }, state, triggerRef);
  const hasOpened = useHasBeenTrue(state.isOpen);
  // A failed preload is not an error yet: the first open loads again and reports it.
  const preload = () => void loadAccountMenuPopover().catch(() => undefined);
  return (
    <>
      <PressResponder {...menuTriggerProps} ref={triggerRef} isPressed={state.isOpen}>
        <AriaButton className={styles.trigger} onHoverStart={preload} onFocus={preload}>
          {email ? (
            <>
              {/* The visible email is part of the name (WCAG 2.5.3); the hidden words say what the button is. */}
              <span className={visuallyHidden}>{intl.formatMessage({ id: 'ui.accountMenu.label' })} </span>
              {/* A phone's header has no room for the address (it showed "u…", issue 39 item 5), nor for a
                  word beside the short site name and the language switch: the button shows a person there,
                  and the open menu the whole address. */}
              <svg className={styles.person} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <circle cx="8" cy="5" r="3" />
                <path d="M2 15c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5z" />
              </svg>
              <span className={styles.email}>{email}</span>
            </>
          ) : (
            intl.formatMessage({ id: 'ui.accountMenu.label' })
          )}{' '}
          <span className={styles.caret} aria-hidden="true">
            ▾
          </span>
        </AriaButton>
      </PressResponder>
      {hasOpened && (
        <Suspense fallback={null}>
          <AccountMenuPopover
            {...menu}
            email={email}
            state={state}
            menuProps={menuProps}
            triggerRef={triggerRef}
          />
        </Suspense>
      )}
    </>
  );
}
