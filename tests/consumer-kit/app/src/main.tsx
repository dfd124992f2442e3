// Another team's app, as the kit's READMEs tell it to be written: the four packages installed from their
// tarballs, their stylesheets imported once, the API mocked by the kit's own MSW handlers. The consumer test
// (tests/consumer-kit/kit.test.ts) copies this folder into a temporary directory, installs, type-checks,
// builds and opens it. `?screen=signIn|registrationRequest|registration&lang=ja|en` picks what to show.
import '@pre-admission/ui/style.css';
import '@pre-admission/account/style.css';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { setupWorker } from 'msw/browser';
import { createApi } from '@pre-admission/api';
import { handlers } from '@pre-admission/api/mocks';
import { isLocale, loadMessages, LocaleProvider } from '@pre-admission/i18n';
import { Header, PageLayout, UiProvider } from '@pre-admission/ui';
import { AccountProvider, type AccountSession } from '@pre-admission/account/context';
import { SignIn } from '@pre-admission/account/SignIn';
import { RegistrationRequest } from '@pre-admission/account/RegistrationRequest';
import { Registration } from '@pre-admission/account/Registration';

const query = new URLSearchParams(location.search);
const lang = query.get('lang');
const locale = isLocale(lang) ? lang : 'ja';
const screen = query.get('screen') ?? 'signIn';

const screens = {
  signIn: () => <SignIn />,
  registrationRequest: () => <RegistrationRequest />,
  registration: () => <Registration token="kit-consumer-token" />,
} as const;

function App() {
  const [session, setSession] = useState<AccountSession>({ status: 'signedOut' });
  // What the screens asked of the app, for the test to read.
  const [events, setEvents] = useState<string[]>([]);
  const record = (event: string) => setEvents((list) => [...list, event]);
  const Screen = screens[screen as keyof typeof screens] ?? screens.signIn;
  return (
    <LocaleProvider initialLocale={locale} persist={false}>
      <UiProvider navigate={(href) => record(`link ${href}`)}>
        <AccountProvider
          value={{
            api: createApi(),
            navigate: (to) => record(`navigate ${to}`),
            session,
            onSignedIn: (email) => {
              setSession({ status: 'signedIn', email });
              record(`signed in ${email}`);
            },
            onSignedOut: () => setSession({ status: 'signedOut' }),
            supportEmail: 'support@example.ac.jp',
            reportError: (error) => record(`error ${String(error)}`),
          }}
        >
          <PageLayout header={<Header variant={screen === 'signIn' ? 'banner' : 'compact'} />}>
            <Screen />
          </PageLayout>
          <output data-testid="events">{events.join('\n')}</output>
        </AccountProvider>
      </UiProvider>
    </LocaleProvider>
  );
}

await setupWorker(...handlers).start({ onUnhandledRequest: 'error', quiet: true });
await loadMessages(locale);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
