import { useId, useRef, type KeyboardEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useIntl } from 'react-intl';
import { getFocusableTreeWalker } from 'react-aria/private/focus/FocusScope';
import type { AriaMenuOptions } from 'react-aria/useMenu';
import type { RootMenuTriggerState } from 'react-stately/useMenuTriggerState';
import {
  Menu,
  MenuContext,
  MenuItem,
  OverlayTriggerStateContext,
  Popover,
  PopoverContext,
  Provider,
  RootMenuTriggerStateContext,
  Separator,
} from 'react-aria-components';
import type { AccountMenuProps } from './AccountMenu';
import * as styles from './AccountMenu.css';

export interface AccountMenuPopoverProps extends AccountMenuProps {
  state: RootMenuTriggerState;
  menuProps: AriaMenuOptions<unknown>;
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/**
 * Tab in the open menu closes it and moves on from its button (the WAI-ARIA menu button pattern; issue 39
 * item 4): Tab to what follows the button, Shift+Tab to the button. The popover is modal and would hold focus
 * (react-aria's focus containment), so the menu closes first and focus moves only once it has gone;
 * otherwise the containment would pull focus back, or the popover's restore put it on the button.
 */
function leaveOnTab(event: KeyboardEvent, close: () => void, trigger: HTMLElement | null) {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  event.stopPropagation();
  flushSync(close);
  if (!trigger) return;
  if (event.shiftKey) return trigger.focus();
  const walker = getFocusableTreeWalker(trigger.ownerDocument.body, { tabbable: true });
  walker.currentNode = trigger;
  const next = walker.nextNode();
  (next instanceof HTMLElement ? next : trigger).focus();
}

/**
 * The menu and its popover, in their own chunk: loaded when the account menu first opens. The contexts are
 * the ones react-aria-components' MenuTrigger provides, so Popover and Menu behave as they do inside it.
 */
export function AccountMenuPopover({
  email,
  applicationsHref,
  changeEmailHref,
  changePasswordHref,
  signInSecurityHref,
  accountDataHref,
  onLogOut,
  state,
  menuProps,
  triggerRef,
}: AccountMenuPopoverProps) {
  const intl = useIntl();
  const scrollRef = useRef<HTMLDivElement>(null);
  const signedInAsId = useId();
  return (
    <Provider
      values={[
        [MenuContext, { ...menuProps, ref: scrollRef }],
        [OverlayTriggerStateContext, state],
        [RootMenuTriggerStateContext, state],
        [
          PopoverContext,
          {
            trigger: 'MenuTrigger',
            triggerRef,
            scrollRef,
            placement: 'bottom start',
            'aria-labelledby': menuProps['aria-labelledby'],
          },
        ],
      ]}
    >
      <Popover className={styles.popover} placement="bottom end">
        {/* Tab is the menu's to handle before the popover's focus containment sees it (capture phase). */}
        <div onKeyDownCapture={(event) => leaveOnTab(event, state.close, triggerRef.current)}>
          {/* Which account is signed in, whole: the button may show only "Account" (a phone). */}
          {email && (
            <p id={signedInAsId} className={styles.signedInAs}>
              {intl.formatMessage({ id: 'ui.accountMenu.signedInAs' }, { email })}
            </p>
          )}
          <Menu
            className={styles.menu}
            aria-label={intl.formatMessage({ id: 'ui.accountMenu.label' })}
            aria-describedby={email ? signedInAsId : undefined}
          >
            <MenuItem className={styles.item} id="applications" href={applicationsHref}>
              {intl.formatMessage({ id: 'ui.accountMenu.applications' })}
            </MenuItem>
            <MenuItem className={styles.item} id="changeEmail" href={changeEmailHref}>
              {intl.formatMessage({ id: 'ui.accountMenu.changeEmail' })}
            </MenuItem>
            <MenuItem className={styles.item} id="changePassword" href={changePasswordHref}>
              {intl.formatMessage({ id: 'ui.accountMenu.changePassword' })}
            </MenuItem>
            {signInSecurityHref && (
              <MenuItem className={styles.item} id="signInSecurity" href={signInSecurityHref}>
                {intl.formatMessage({ id: 'ui.accountMenu.signInSecurity' })}
              </MenuItem>
            )}
            {accountDataHref && (
              <MenuItem className={styles.item} id="accountData" href={accountDataHref}>
                {intl.formatMessage({ id: 'ui.accountMenu.accountData' })}
              </MenuItem>
            )}
            <Separator className={styles.separator} />
            <MenuItem className={styles.item} id="logOut" onAction={onLogOut}>
              {intl.formatMessage({ id: 'ui.accountMenu.logOut' })}
            </MenuItem>
          </Menu>
        </div>
      </Popover>
    </Provider>
  );
}
