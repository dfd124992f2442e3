import { normalizePath, routes } from '@pre-admission/account/routes';
import { HelpFooter, Header, PageLayout } from '@pre-admission/ui';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { supportEmail } from '../config/site';
import { ConnectionNotice } from '../failures/ConnectionNotice';
import { useSession } from '../session/SessionProvider';
import { documentTitle } from './documentTitle';
import { useHeadingTitle } from './useHeadingTitle';

export interface AppLayoutProps {
  path: string;
  title: string;
  onLogOut: () => void;
  /** The document title follows the page's heading instead of `title` (useHeadingTitle). */
  titleFromHeading?: boolean;
  children: ReactNode;
}

/** docs/behaviour.md#routes: the large banner on the top page; the compact header with the account menu everywhere else. */
export function AppLayout({ path, title, onLogOut, titleFromHeading = false, children }: AppLayoutProps) {
  const intl = useIntl();
  useHeadingTitle(titleFromHeading);
  const { state } = useSession();
  const top = normalizePath(path) === routes.signIn;
  const account =
    state.status === 'signedIn'
      ? {
          email: state.email,
          applicationsHref: routes.applications,
          changeEmailHref: routes.emailChangeRequest,
          changePasswordHref: routes.passwordChange,
          signInSecurityHref: routes.signInSecurity,
          accountDataHref: routes.accountData,
          onLogOut,
        }
      : undefined;
  return (
    <PageLayout
      title={titleFromHeading ? undefined : documentTitle(intl, title)}
      header={<Header variant={top ? 'banner' : 'compact'} homeHref={routes.signIn} account={account} />}
      notices={<ConnectionNotice />}
      footer={
        // Signed in, help is a link away on every page (issue 39 item 14): the desk and the privacy policy.
        account && <HelpFooter supportEmail={supportEmail} privacyHref={routes.privacy} />
      }
    >
      {children}
    </PageLayout>
  );
}
