import { AccountProvider, type AccountContextValue } from '@pre-admission/account/context';
import { routes } from '@pre-admission/account/routes';
import { createApi, type Api } from '@pre-admission/api';
import { LocaleProvider } from '@pre-admission/i18n';
import { LoadingIndicator, NotFound, UiProvider } from '@pre-admission/ui';
import { lazy, startTransition, Suspense, useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import {
  BrowserRouter,
  Navigate,
  Route,
  Routes,
  useHref,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router-dom';
import { supportEmail } from './config/site';
import { FailureBoundary, useReportError } from './failures/FailureBoundary';
import { AppLayout } from './layout/AppLayout';
import { maintenanceWindow } from './maintenance/maintenance';
import { redirectFor } from './routing/redirects';
import { appRoutes, preloadScreens, type AppRoute } from './routing/routeTable';
import { useNavigationEffects } from './routing/useNavigationEffects';
import { SessionProvider, useSession } from './session/SessionProvider';

/** The lazy-loaded slot for the application form (spec 1, 2): an applicant home until the form is plugged in. */
const ApplicationsSlot = lazy(() => import('./applications/ApplicantHome'));

export interface AppProps {
  /** Where the site lives, e.g. '/' or '/pre-admission/'; the router and the API both follow it. */
  basePath: string;
}

export function App({ basePath }: AppProps) {
  const api = useMemo(() => createApi({ baseUrl: basePath.replace(/\/$/, '') }), [basePath]);
  return (
    <LocaleProvider>
      <FailureBoundary>
        <BrowserRouter basename={basePath}>
          <SessionProvider api={api}>
            <Site api={api} />
          </SessionProvider>
        </BrowserRouter>
      </FailureBoundary>
    </LocaleProvider>
  );
}

const referenceData = () => import('./referenceData/queries');

/** Runs when the browser is idle, so start-up work never delays the first paint. */
function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

function Site({ api }: { api: Api }) {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const reportError = useReportError();
  useNavigationEffects();

  // Spec 7: the reference lists load at start; spec 4: sign-out listeners clear what the applicant saw.
  useEffect(
    () =>
      whenIdle(() => {
        preloadScreens();
        void referenceData().then(({ queryClient, prefetchStartupLists }) =>
          prefetchStartupLists(queryClient, api),
        );
      }),
    [api],
  );
  useEffect(
    () => session.onSignOut(() => void referenceData().then(({ queryClient }) => queryClient.clear())),
    [session],
  );
  // Every route change re-checks the session, so a session revoked elsewhere is noticed (the provider
  // makes the first check itself).
  const { check } = session;
  const firstPath = useRef(location.pathname);
  useEffect(() => {
    if (location.pathname === firstPath.current) return;
    firstPath.current = '';
    void check();
  }, [location.pathname, check]);

  const { signedIn, signedOut } = session;
  const account = useMemo<AccountContextValue>(
    () => ({
      api,
      navigate: (to, options) => navigate(to, { replace: options?.replace }),
      session: session.state,
      // react-router applies a navigation in a transition. A screen that navigates and then signs in or
      // out (password change → completion page, then signed out) must have both land in one render, or
      // the redirect rules see the new session on the old route (signed out on /password-change → '/').
      onSignedIn: (email) => startTransition(() => signedIn(email)),
      onSignedOut: () => startTransition(() => signedOut()),
      maintenance: maintenanceWindow,
      supportEmail,
      reportError,
    }),
    [api, navigate, session.state, signedIn, signedOut, reportError],
  );

  const logOut = async () => {
    try {
      await api.signOut();
    } catch (error) {
      reportError(error);
      return;
    }
    session.signedOut();
    navigate(routes.signIn);
  };

  if (session.state.status === 'loading') return <LoadingIndicator />;
  const redirect = redirectFor(location.pathname, session.state.status);
  if (redirect) return <Navigate to={redirect} replace />;

  return (
    <UiProvider navigate={(href) => navigate(href)} useHref={useHref}>
      <AccountProvider value={account}>
        <Routes>
          {appRoutes.map((route) => (
            <Route
              key={route.name}
              path={route.path}
              element={<RoutePage route={route} path={location.pathname} onLogOut={logOut} />}
            />
          ))}
          <Route
            path={routes.applications}
            element={
              <Page titleId="app.title.applications" path={location.pathname} onLogOut={logOut}>
                {session.state.status === 'signedIn' && (
                  <ApplicationsSlot api={api} email={session.state.email} />
                )}
              </Page>
            }
          />
          <Route
            path="*"
            element={
              <Page titleId="app.title.notFound" path={location.pathname} onLogOut={logOut}>
                <NotFound homeHref={routes.applications} />
              </Page>
            }
          />
        </Routes>
      </AccountProvider>
    </UiProvider>
  );
}

function RoutePage({ route, path, onLogOut }: { route: AppRoute; path: string; onLogOut: () => void }) {
  const { token } = useParams();
  const { Screen } = route;
  return (
    <Page titleId={route.titleId} path={path} onLogOut={onLogOut}>
      <Screen token={token} />
    </Page>
  );
}

function Page({
  titleId,
  path,
  onLogOut,
  children,
}: {
  titleId: AppRoute['titleId'];
  path: string;
  onLogOut: () => void;
  children: React.ReactNode;
}) {
  const intl = useIntl();
  return (
    <AppLayout path={path} title={intl.formatMessage({ id: titleId })} onLogOut={onLogOut}>
      <Suspense fallback={<LoadingIndicator />}>{children}</Suspense>
    </AppLayout>
  );
}
