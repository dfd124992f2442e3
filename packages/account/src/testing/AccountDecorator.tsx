import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import type { Mock } from 'storybook/test';
import { fn } from 'storybook/test';
import { createApi } from '@pre-admission/api';
import { handlers } from '@pre-admission/api/mocks';
import { Header, PageLayout } from '@pre-admission/ui';
import {
  AccountProvider,
  type AccountContextValue,
  type AccountSession,
  type MaintenanceWindow,
} from '../AccountContext';
import { routes } from '../routes';
import { watchConsole } from './play';

/** The app's side of the context, as spies a play function can assert on. */
export interface AccountSpies {
  navigate: Mock<AccountContextValue['navigate']>;
  onSignedIn: Mock<AccountContextValue['onSignedIn']>;
  onSignedOut: Mock<AccountContextValue['onSignedOut']>;
  reportError: Mock<AccountContextValue['reportError']>;
}

export const accountSpies = (): AccountSpies => ({
  navigate: fn().mockName('navigate'),
  onSignedIn: fn().mockName('onSignedIn'),
  onSignedOut: fn().mockName('onSignedOut'),
  reportError: fn().mockName('reportError'),
});

/** `parameters.account` of a story. */
export interface AccountParameters {
  /**
   * The session, or 'check' to ask the server as the app does (`getCurrentSession` over MSW): its failure
   * codes are the session states (`currentSessionFailures` in packages/api). Defaults to signed out.
   */
  session?: AccountSession | 'check';
  maintenance?: MaintenanceWindow;
  /** The clock, pinned (ISO 8601). */
  now?: string;
  /** The top page has the large banner header (docs/behaviour.md#routes). */
  header?: 'banner' | 'compact';
}

export const supportEmail = 'pre-admission@example.ac.jp';

/** As the app loads it (docs/security.md#common-passwords): the list and words of @pre-admission/rules, lazily. */
const loadPasswordCheck = () =>
  import('@pre-admission/rules/commonPasswords').then((module) => module.isCommonPassword);

/** The maintenance stop of docs/behaviour.md#product, in Japan time. */
export const specMaintenance: MaintenanceWindow = {
  start: new Date('2024-08-30T17:00:00+09:00'),
  end: new Date('2024-09-02T10:00:00+09:00'),
};

function useSession(setting: AccountParameters['session'], api: AccountContextValue['api']): AccountSession {
  const [checked, setChecked] = useState<AccountSession>({ status: 'loading' });
  useEffect(() => {
    if (setting !== 'check') return;
    let current = true;
    void api.getCurrentSession().then((outcome) => {
      if (!current) return;
      setChecked(
        outcome.ok ? { status: 'signedIn', email: outcome.data.email } : { status: outcome.failure },
      );
    });
    return () => {
      current = false;
    };
  }, [setting, api]);
  if (setting === 'check') return checked;
  return setting ?? { status: 'signedOut' };
}

function StoryPage({
  session,
  header,
  children,
}: {
  session: AccountSession;
  header: 'banner' | 'compact';
  children: ReactNode;
}) {
  const account =
    session.status === 'signedIn' && session.email
      ? {
          email: session.email,
          applicationsHref: routes.applications,
          changeEmailHref: routes.emailChangeRequest,
          changePasswordHref: routes.passwordChange,
          signInSecurityHref: routes.signInSecurity,
          accountDataHref: routes.accountData,
          onLogOut: () => undefined,
        }
      : undefined;
  return <PageLayout header={<Header variant={header} account={account} />}>{children}</PageLayout>;
}

function AccountStory({
  spies,
  parameters,
  children,
}: {
  spies: AccountSpies;
  parameters: AccountParameters;
  children: ReactNode;
}) {
  // Same origin: MSW (msw-storybook-addon) answers with the story's `parameters.msw.handlers`.
  const api = useMemo(() => createApi(), []);
  const session = useSession(parameters.session, api);
  const value: AccountContextValue = {
    api,
    navigate: spies.navigate,
    session,
    onSignedIn: spies.onSignedIn,
    onSignedOut: spies.onSignedOut,
    maintenance: parameters.maintenance,
    now: parameters.now === undefined ? undefined : () => new Date(parameters.now as string),
    supportEmail,
    reportError: spies.reportError,
    loadPasswordCheck,
  };
  return (
    <AccountProvider value={value}>
      <StoryPage session={session} header={parameters.header ?? 'compact'}>
        {children}
      </StoryPage>
    </AccountProvider>
  );
}

/** Gives a screen story the AccountProvider (createApi over MSW, spies from the args) and the page around it. */
export const withAccount: Decorator<AccountSpies> = (Story, context) => (
  <AccountStory spies={context.args} parameters={(context.parameters.account ?? {}) as AccountParameters}>
    <Story />
  </AccountStory>
);

/**
 * The meta of a screen story but for its title, component and tags (the story index reads those from each
 * file): the account around it, spies for the app's side, and MSW's happy path under the story's handlers.
 */
export const screenMeta = (parameters: { account?: AccountParameters } = {}) => ({
  decorators: [withAccount],
  args: accountSpies(),
  parameters: { layout: 'fullscreen', msw: { handlers }, ...parameters },
});

/** A signed-in applicant, for the screens behind the sign-in. */
export const signedIn: AccountParameters = {
  session: { status: 'signedIn', email: 'applicant@example.ac.jp' },
};

/**
 * The meta of a page opened from a mail's link (`/registrations/{id}` and the like): a screen's, with the
 * console watched for what is only logged, and the token of the link.
 */
export const tokenPageMeta = () => {
  const meta = screenMeta();
  return {
    ...meta,
    beforeEach: watchConsole,
    args: { ...meta.args, token: 'k3J9sQ2vX8bN1mZ4tY7wR0' },
  };
};
