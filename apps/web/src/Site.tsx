import { AccountProvider } from '@pre-admission/account/context';
import type { Api } from '@pre-admission/api';
import { UiProvider } from '@pre-admission/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useHref, useLocation, useNavigate } from 'react-router-dom';
import { useAccountContext } from './account/useAccountContext';
import { supportEmail } from './config/site';
import { AppRoutes } from './routing/AppRoutes';
import { SessionGate } from './routing/SessionGate';
import { usePrefetchOnIntent } from './routing/prefetchOnIntent';
import { useNavigationEffects } from './routing/useNavigationEffects';
import { SessionTimeout } from './session/SessionTimeout';
import { useSession } from './session/SessionProvider';
import { useSessionChecks } from './session/useSessionChecks';
import { idleWorkFallbackMs, startIdleWork, watchSubmissions } from './startup/idleWork';
import { PageReadyProvider } from './startup/pageReady';

export interface SiteProps {
  api: Api;
  /** Set when the page is a prerendered one being hydrated: when its HTML was rendered. */
  renderedAt: Date | undefined;
}

/** The site inside the router: wires the session, the account kit and the idle work to the routes. */
export function Site({ api, renderedAt }: SiteProps) {
  const navigate = useNavigate();
  useNavigationEffects();
  useSessionChecks();
  // The idle work waits until the page is on screen (startup/pageReady.tsx), or at most a few seconds
  // (a page that never gets there: a failure screen, say).
  const [pageReady, setPageReady] = useState(false);
  const onPageReady = useCallback(() => setPageReady(true), []);
  useEffect(() => {
    const fallback = setTimeout(onPageReady, idleWorkFallbackMs);
    return () => clearTimeout(fallback);
  }, [onPageReady]);
  // Each page's own idle work: the screens one step ahead of it, the overlays it can open.
  const { pathname } = useLocation();
  const signedIn = useSession().state.status === 'signedIn';
  useEffect(
    () => (pageReady ? startIdleWork(pathname, signedIn) : undefined),
    [pageReady, pathname, signedIn],
  );
  usePrefetchOnIntent(signedIn);
  const currentPath = useRef(pathname);
  useEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);
  useEffect(() => watchSubmissions(document.body, () => currentPath.current), []);
  const { account, logOut } = useAccountContext(api, renderedAt);
  return (
    <SessionGate prerendered={renderedAt !== undefined}>
      <UiProvider navigate={(href) => navigate(href)} useHref={useHref} supportEmail={supportEmail}>
        <AccountProvider value={account}>
          <PageReadyProvider value={onPageReady}>
            <AppRoutes api={api} onLogOut={() => void logOut()} />
          </PageReadyProvider>
          <SessionTimeout onSignOut={() => void logOut()} />
        </AccountProvider>
      </UiProvider>
    </SessionGate>
  );
}
