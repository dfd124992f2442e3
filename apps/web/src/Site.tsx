import { AccountProvider } from '@pre-admission/account/context';
import type { Api } from '@pre-admission/api';
import type { Locale } from '@pre-admission/i18n';
import { UiProvider } from '@pre-admission/ui';
import { useEffect } from 'react';
import { useHref, useNavigate } from 'react-router-dom';
import { useAccountContext } from './account/useAccountContext';
import { AppRoutes } from './routing/AppRoutes';
import { SessionGate } from './routing/SessionGate';
import { useNavigationEffects } from './routing/useNavigationEffects';
import { SessionTimeout } from './session/SessionTimeout';
import { useSessionChecks } from './session/useSessionChecks';
import { startIdleWork } from './startup/idleWork';

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
  useEffect(() => startIdleWork(api, initialLocale), [api, initialLocale]);
  const { account, logOut } = useAccountContext(api, renderedAt);
  return (
    <SessionGate prerendered={renderedAt !== undefined}>
      <UiProvider navigate={(href) => navigate(href)} useHref={useHref}>
        <AccountProvider value={account}>
          <AppRoutes api={api} onLogOut={() => void logOut()} />
          <SessionTimeout onSignOut={() => void logOut()} />
        </AccountProvider>
      </UiProvider>
    </SessionGate>
  );
}
