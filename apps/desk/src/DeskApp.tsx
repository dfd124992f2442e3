import { createStaffApi } from '@pre-admission/api/staff';
import { LocaleProvider, type Locale } from '@pre-admission/i18n';
import { UiProvider } from '@pre-admission/ui';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { BrowserRouter, useHref, useNavigate } from 'react-router-dom';
import { apiBaseUrl } from './config';
import { DeskMessages } from './DeskMessages';
import { DeskRoutes } from './routing/DeskRoutes';
import { StaffSessionProvider, useStaffSession } from './session/StaffSessionProvider';
import { StaffApiContext } from './StaffApiContext';

/** The router's navigate and hrefs for the design system's links and buttons. */
function RoutedUi({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <UiProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      {children}
    </UiProvider>
  );
}

/**
 * Every staff call that the server answered extended the session there: the console reads its new end
 * (the idle warning moves on). React Query's caches tell it of each answer.
 */
function QueriesTouchingSession({ children }: { children: ReactNode }) {
  const { touched } = useStaffSession();
  const [client] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onSuccess: () => touched() }),
        mutationCache: new MutationCache({ onSuccess: () => touched() }),
        defaultOptions: { queries: { retry: false, staleTime: 2000, refetchOnWindowFocus: false } },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export interface DeskAppProps {
  /** Where the console lives, e.g. '/desk/' or '/pre-admission/desk/'. */
  basePath: string;
  initialLocale: Locale;
}

/**
 * The providers, outermost first: the language (the applicant side's switch and saved choice), the desk's
 * messages, the staff adapter, the router under the console's base path, the design system, the staff
 * session, React Query; then the routes.
 */
export function DeskApp({ basePath, initialLocale }: DeskAppProps) {
  const api = useMemo(() => createStaffApi({ baseUrl: apiBaseUrl(basePath) }), [basePath]);
  return (
    <LocaleProvider initialLocale={initialLocale} offerPseudoLocale={!import.meta.env.PROD}>
      <DeskMessages>
        <StaffApiContext.Provider value={api}>
          <BrowserRouter basename={basePath.replace(/\/$/, '')}>
            <RoutedUi>
              <StaffSessionProvider api={api}>
                <QueriesTouchingSession>
                  <DeskRoutes />
                </QueriesTouchingSession>
              </StaffSessionProvider>
            </RoutedUi>
          </BrowserRouter>
        </StaffApiContext.Provider>
      </DeskMessages>
    </LocaleProvider>
  );
}
