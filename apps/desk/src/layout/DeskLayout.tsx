import { SessionTimeoutDialog } from '@pre-admission/account/session-timeout';
import { rightsOf } from '@pre-admission/desk';
import { Button, LanguageSwitch, PageLayout } from '@pre-admission/ui';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink, useNavigate } from 'react-router-dom';
import { useStaffSession } from '../session/StaffSessionProvider';
import * as styles from './DeskLayout.css';
import { deskPaths } from '../routing/paths';

export interface DeskLayoutProps {
  /** The page's heading: the document title names it with the console. */
  title: string;
  children: ReactNode;
  /** The sign-in pages are narrow; the console's pages use the width. */
  width?: 'narrow' | 'wide';
}

/**
 * A console page: the skip link and main landmark (the design system's PageLayout), the header with the
 * console's name, the staff member and their role, the navigation, the language switch (the applicant
 * side's) and sign-out; and, while signed in, the session-timeout warning of the applicant's side.
 */
export function DeskLayout({ title, children, width = 'wide' }: DeskLayoutProps) {
  const intl = useIntl();
  const { state, extend, signOut } = useStaffSession();
  const navigate = useNavigate();
  const member = state.status === 'signedIn' ? state.session : undefined;
  const out = () => void signOut().then(() => navigate(deskPaths.signIn, { replace: true }));
  const header = (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <p className={styles.title}>{intl.formatMessage({ id: 'desk.console.title' })}</p>
        {member && !member.secondFactorRequired && (
          <nav aria-label={intl.formatMessage({ id: 'desk.console.nav' })} className={styles.nav}>
            <NavLink to={deskPaths.applications} className={styles.navLink}>
              {intl.formatMessage({ id: 'desk.console.nav.applications' })}
            </NavLink>
            {rightsOf(member.role).readConsent && (
              <NavLink to={deskPaths.consent} className={styles.navLink}>
                {intl.formatMessage({ id: 'desk.console.nav.consent' })}
              </NavLink>
            )}
            <NavLink to={deskPaths.settings} className={styles.navLink}>
              {intl.formatMessage({ id: 'desk.console.nav.settings' })}
            </NavLink>
          </nav>
        )}
        <div className={styles.tools}>
          {member && (
            <span className={styles.who}>
              {intl.formatMessage(
                { id: 'desk.console.signedInAs' },
                {
                  email: member.email,
                  role: intl.formatMessage({ id: `desk.console.role.${member.role}` }),
                },
              )}
            </span>
          )}
          <LanguageSwitch />
          {member && (
            <Button variant="secondary" onPress={out}>
              {intl.formatMessage({ id: 'desk.console.signOut' })}
            </Button>
          )}
        </div>
      </div>
    </header>
  );
  return (
    <PageLayout
      header={header}
      title={intl.formatMessage({ id: 'desk.console.documentTitle' }, { page: title })}
    >
      <div className={width === 'narrow' ? styles.narrow : styles.content}>{children}</div>
      {state.status === 'signedIn' && (
        <SessionTimeoutDialog
          isOpen={state.warning}
          endsAt={state.endsAt}
          extendable={state.extendable}
          onStaySignedIn={() => void extend()}
          onSignOut={out}
        />
      )}
    </PageLayout>
  );
}
