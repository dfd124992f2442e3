import { routes } from '@pre-admission/account/routes';
import { Header, PageLayout } from '@pre-admission/ui';
import type { ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { normalizePath } from '../routing/redirects';
import { useSession } from '../session/SessionProvider';

export interface AppLayoutProps {
  path: string;
  title: string;
  onLogOut: () => void;
  children: ReactNode;
}

/** A page's document title: its name, then the site's (also written into the prerendered pages). */
export function documentTitle(intl: IntlShape, page: string): string {
  return intl.formatMessage({ id: 'app.documentTitle' }, { page });
}

/** Spec 2: the large banner on the top page; the compact header with the account menu everywhere else. */
export function AppLayout({ path, title, onLogOut, children }: AppLayoutProps) {
  const intl = useIntl();
  const { state } = useSession();
  const top = normalizePath(path) === routes.signIn;
  const account =
    state.status === 'signedIn'
      ? {
          email: state.email,
          applicationsHref: routes.applications,
          changeEmailHref: routes.emailChangeRequest,
          changePasswordHref: routes.passwordChange,
          onLogOut,
        }
      : undefined;
  return (
    <PageLayout
      title={documentTitle(intl, title)}
      header={<Header variant={top ? 'banner' : 'compact'} homeHref={routes.signIn} account={account} />}
    >
      {children}
    </PageLayout>
  );
}
