// Another team's app, as the kit's READMEs tell it to be written: the four packages installed from their
// tarballs, their stylesheets imported once, the API mocked by the kit's own MSW handlers. The consumer test
// (tests/consumer-kit/kit.test.ts) copies this folder into a temporary directory, installs, type-checks,
// builds and opens it in a Japanese and in an English browser. `?screen=signIn|registrationRequest|registration|signInSecurity`
// picks what to show. Each `#region readme:<name>` is a README's recipe word for word (the README names the
// region above its code block; scripts/kitReadmes.test.ts compares the two).
// #region readme:ui-styles
import '@pre-admission/ui/style.css'; // the design system's tokens, global styles and components
// #endregion
// #region readme:account-styles
import '@pre-admission/account/style.css'; // after ui's: the screens' styles build on the design system's
// #endregion
import { StrictMode, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
// #region readme:mocks-imports
import { setupWorker } from 'msw/browser';
import { handlers } from '@pre-admission/api/mocks';
// #endregion
// #region readme:imports
import { createApi } from '@pre-admission/api';
import { detectLocale, loadMessages, LocaleProvider } from '@pre-admission/i18n';
import { Header, PageLayout, UiProvider } from '@pre-admission/ui';
import { AccountProvider, type AccountSession } from '@pre-admission/account/context';
import { routes } from '@pre-admission/account/routes';
// #endregion
import { SignIn } from '@pre-admission/account/SignIn';
import { RegistrationRequest } from '@pre-admission/account/RegistrationRequest';
import { Registration } from '@pre-admission/account/Registration';
import { SignInSecurity } from '@pre-admission/account/SignInSecurity';

const screen = new URLSearchParams(location.search).get('screen') ?? 'signIn';
const screens = {
  signIn: () => <SignIn />,
  registrationRequest: () => <RegistrationRequest />,
  registration: () => <Registration token="kit-consumer-token" />,
  signInSecurity: () => <SignInSecurity />,
} as const;
const Screen = screens[screen as keyof typeof screens] ?? screens.signIn;

// #region readme:app
/** The kit's screens need the locale, the design system's providers and the account context, in this order. */
function App({ navigate, children }: { navigate: (to: string) => void; children: ReactNode }) {
  const [session, setSession] = useState<AccountSession>({ status: 'signedOut' });
  const email = session.status === 'signedIn' ? session.email : undefined;
  return (
    <LocaleProvider initialLocale={locale}>
      <UiProvider navigate={navigate}>
        <AccountProvider
          value={{
            api: createApi(), // same origin: /api/...; createApi({ baseUrl: '/pre-admission' }) under a base path
            navigate, // (to, { replace }) => void: your router's
            session,
            onSignedIn: (email) => setSession({ status: 'signedIn', email }),
            onSignedOut: () => setSession({ status: 'signedOut' }),
            supportEmail: 'support@example.ac.jp',
            reportError: (error) => console.error(error), // failures no screen handles
          }}
        >
          <PageLayout
            header={
              <Header
                variant={email ? 'compact' : 'banner'}
                account={
                  email
                    ? {
                        email,
                        applicationsHref: routes.applications,
                        changeEmailHref: routes.emailChangeRequest,
                        changePasswordHref: routes.passwordChange,
                        signInSecurityHref: routes.signInSecurity,
                        onLogOut: () => setSession({ status: 'signedOut' }),
                      }
                    : undefined
                }
              />
            }
          >
            {children}
          </PageLayout>
        </AccountProvider>
      </UiProvider>
    </LocaleProvider>
  );
}
// #endregion

/** What the screens asked of the app, for the test to read. */
function Events({ children }: { children: (navigate: (to: string) => void) => ReactNode }) {
  const [events, setEvents] = useState<string[]>([]);
  return (
    <>
      {children((to) => setEvents((list) => [...list, `navigate ${to}`]))}
      <output data-testid="events">{events.join('\n')}</output>
    </>
  );
}

// #region readme:mocks
await setupWorker(...handlers).start({ onUnhandledRequest: 'error', quiet: true }); // `npx msw init public`
// #endregion
// #region readme:start
// The applicant's language (a saved choice, else the browser's languages, else Japanese) and its
// catalogue, before the first render: LocaleProvider renders in `initialLocale`, whose messages are loaded.
const locale = detectLocale();
await loadMessages(locale);
// #endregion
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Events>
      {(navigate) => (
        <App navigate={navigate}>
          <Screen />
        </App>
      )}
    </Events>
  </StrictMode>,
);
