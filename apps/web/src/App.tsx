import { createApi } from '@pre-admission/api';
import { LocaleProvider, type Locale } from '@pre-admission/i18n';
import { useMemo } from 'react';
import { BrowserRouter, StaticRouter } from 'react-router-dom';
import { FailureBoundary } from './failures/FailureBoundary';
import { SessionProvider } from './session/SessionProvider';
import { Site } from './Site';

/** For src/main.tsx: the screen a prerendered page needs before it is hydrated. */
export { loadScreenFor } from './routing/applicationsRoute';

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

/**
 * The providers, outermost first: the language, the failure handling (the problem page, the connection notice), the router (the browser's, or the
 * prerender's static one), the session. Everything inside is `Site` (see apps/web/README.md).
 */
export function App({ basePath, initialLocale, location, renderedAt }: AppProps) {
  const api = useMemo(() => createApi({ baseUrl: basePath.replace(/\/$/, '') }), [basePath]);
  const site = (
    <SessionProvider api={api}>
      <Site api={api} renderedAt={renderedAt} />
    </SessionProvider>
  );
  return (
    // The pseudo-locale en-XA (packages/i18n/README.md#translators) is offered in development builds only.
    <LocaleProvider initialLocale={initialLocale} offerPseudoLocale={!import.meta.env.PROD}>
      <FailureBoundary basePath={basePath}>
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
