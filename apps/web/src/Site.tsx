import { AccountProvider } from '@pre-admission/account/context';
import type { Api } from '@pre-admission/api';
import type { Locale } from '@pre-admission/i18n';
import { UiProvider } from '@pre-admission/ui';
import { useCallback, useEffect, useState } from 'react';
import { useHref, useNavigate } from 'react-router-dom';
import { useAccountContext } from './account/useAccountContext';
import { supportEmail } from './config/site';
import { AppRoutes } from './routing/AppRoutes';
import { SessionGate } from './routing/SessionGate';
import { useNavigationEffects } from './routing/useNavigationEffects';
import { SessionTimeout } from './session/SessionTimeout';
import { useSessionChecks } from './session/useSessionChecks';
import { idleWorkFallbackMs, startIdleWork } from './startup/idleWork';
import { PageReadyProvider } from './startup/pageReady';

export interface SiteProps {
  api: Api;
  initialLocale: Locale;
  /** Set when the page is a prerendered one being hydrated: when its HTML was rendered. */
  renderedAt: Date | undefined;
}

/** The site inside the router: wires the session, the account kit and the idle work to the routes. */
export function Site({ api, initialLocale, renderedAt }: SiteProps) {
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
  useEffect(
    () => (pageReady ? startIdleWork(api, initialLocale) : undefined),
    [pageReady, api, initialLocale],
  );
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
