import { AccountProvider, type AccountContextValue } from '@pre-admission/account/context';
import { routes } from '@pre-admission/account/routes';
import { createApi, type Api } from '@pre-admission/api';
import { loadMessages, LocaleProvider, type Locale } from '@pre-admission/i18n';
import { LoadingIndicator, NotFound, preloadOverlays, UiProvider } from '@pre-admission/ui';
import { lazy, startTransition, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  BrowserRouter,
  StaticRouter,
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
import { PendingPage } from './layout/PendingPage';
import { maintenanceWindow } from './maintenance/maintenance';
import { ScreenHydrated } from './prerender/beforeHydration';
import { redirectFor } from './routing/redirects';
import { appRoutes, isPrerenderedPath, screenPreloads, type AppRoute } from './routing/routeTable';
import { useNavigationEffects } from './routing/useNavigationEffects';
import { SessionProvider, useSession } from './session/SessionProvider';

/** The lazy-loaded slot for the application form (spec 1, 2): an applicant home until the form is plugged in. */
const ApplicationsSlot = lazy(() => import('./applications/ApplicantHome'));

export interface AppProps {
  /** Where the site lives, e.g. '/' or '/pre-admission/'; the router and the API both follow it. */
  basePath: string;
  /** The language to start in (its messages loaded): the prerendered page's, else the detected one. */
  initialLocale: Locale;
  /** Renders this URL (under `basePath`) instead of the browser's: the build's prerender. */
  location?: string;
  /**
   * When the page's HTML was rendered (the build's prerender). The first render uses this time for what
   * depends on the clock (the maintenance notice), so hydration matches the HTML; then the real clock.
   */
  renderedAt?: Date;
}

export function App({ basePath, initialLocale, location, renderedAt }: AppProps) {
  const api = useMemo(() => createApi({ baseUrl: basePath.replace(/\/$/, '') }), [basePath]);
  const site = (
    <SessionProvider api={api}>
      <Site api={api} initialLocale={initialLocale} renderedAt={renderedAt} />
    </SessionProvider>
  );
  return (
    <LocaleProvider initialLocale={initialLocale}>
      <FailureBoundary>
        {location === undefined ? (
          <BrowserRouter basename={basePath}>{site}</BrowserRouter>
        ) : (
          <StaticRouter basename={basePath} location={location}>
            {site}
          </StaticRouter>
        )}
      </FailureBoundary>
    </LocaleProvider>
  );
}

const referenceData = () => import('./referenceData/queries');

/** Resolves in the browser's next idle period. */
function idlePeriod(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 50);
  });
}

/**
 * Runs the tasks when the browser is idle, one per idle period, so that start-up work never delays the
 * first paint or holds the main thread for long (each import inserts its chunk's preload links, and a
 * slow phone takes a few milliseconds for each). Returns the cancel.
 */
function whenIdle(tasks: ReadonlyArray<() => unknown>): () => void {
  let cancelled = false;
  void (async () => {
    for (const task of tasks) {
      await idlePeriod();
      if (cancelled) return;
      task();
    }
  })();
  return () => {
    cancelled = true;
  };
}

function Site({
  api,
  initialLocale,
  renderedAt,
}: {
  api: Api;
  initialLocale: Locale;
  renderedAt: Date | undefined;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const reportError = useReportError();
  useNavigationEffects();

  // Spec 7: the reference lists load at start; spec 4: sign-out listeners clear what the applicant saw.
  useEffect(
    () =>
      whenIdle([
        () =>
          void referenceData().then(({ queryClient, prefetchStartupLists }) =>
            prefetchStartupLists(queryClient, api, idlePeriod),
          ),
        // The other language, so that the switch is instant (and works offline).
        () => loadMessages(initialLocale === 'ja' ? 'en' : 'ja').catch(() => undefined),
        // The menu, dialogs and toasts load on first use; fetched now, they open at once (and offline).
        () => preloadOverlays().catch(() => undefined),
        ...screenPreloads(),
      ]),
    [api, initialLocale],
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

  // Hydrating a prerendered page: its render time first, so the HTML matches; the real clock after.
  const [hydrating, setHydrating] = useState(renderedAt !== undefined);
  useEffect(() => {
    if (hydrating) startTransition(() => setHydrating(false));
  }, [hydrating]);
  const clock = useMemo(
    () => (hydrating && renderedAt ? () => renderedAt : undefined),
    [hydrating, renderedAt],
  );

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
      now: clock,
      supportEmail,
      reportError,
    }),
    [api, navigate, session.state, signedIn, signedOut, reportError, clock],
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

  // Spec 2: the loading indicator replaces the routes while the session loads. The prerendered public
  // pages are the exception: their HTML is already on screen, the same for everyone signed out, and
  // replacing it with a spinner would only delay the applicant. A signed-in visitor of / still goes on to
  // /applications once the session is known.
  // A page the server sent as the app's shell (a visitor with a session cookie gets that, apps/api's
  // webPages.ts) shows the loading indicator on every route, `/` included.
  if (
    session.state.status === 'loading' &&
    !(renderedAt !== undefined && isPrerenderedPath(location.pathname))
  )
    return <LoadingIndicator />;
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
    <Page titleId={route.titleId} titleFromHeading={route.titleFromHeading} path={path} onLogOut={onLogOut}>
      <Screen token={token} />
    </Page>
  );
}

function Page({
  titleId,
  titleFromHeading,
  path,
  onLogOut,
  children,
}: {
  titleId: AppRoute['titleId'];
  titleFromHeading?: boolean;
  path: string;
  onLogOut: () => void;
  children: React.ReactNode;
}) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: titleId });
  return (
    <AppLayout path={path} title={title} titleFromHeading={titleFromHeading} onLogOut={onLogOut}>
      <Suspense fallback={<PendingPage title={title} />}>
        {children}
        <ScreenHydrated />
      </Suspense>
    </AppLayout>
  );
}
