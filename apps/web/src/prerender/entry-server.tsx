/**
 * The server side of the build's prerender (apps/web/scripts/prerender.ts): renders one page in one language
 * to HTML, exactly as the browser's first render will, so that `hydrateRoot` adopts it: each public page,
 * and /applications as it is while the session and the plan load.
 */
import { loadMessages, locales, type Locale } from '@pre-admission/i18n';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createIntl } from 'react-intl';
import { App } from '../App';
import { documentTitle } from '../layout/documentTitle';
import { queryClient } from '../referenceData/queries';
import { applications } from '../routing/applicationsRoute';
import { appRoutes } from '../routing/routeTable';

/** The base path the HTML is written with; the server replaces it with the real one (apps/api). */
export const basePlaceholder = '/__base_path__/';

export { locales };

export interface PrerenderedPage {
  /** The route's name (@pre-admission/account/routes), by which the server finds its `prerender`. */
  readonly name: string;
  /** The route's path (no parameters), under the base path. */
  readonly path: string;
  /** The end of the source path of the chunk the page needs at once (its screen), as the build manifest names it. */
  readonly chunk: string;
  /** The message parts its screen shows (@pre-admission/i18n's bundles/parts.json): preloaded with it. */
  readonly messageParts: readonly string[];
}

/**
 * Each page the build writes, with what rendering it needs (its title and its screen's loader): the routes
 * whose `prerender` is set. A public page is sent to a visitor without a session cookie; /applications, the
 * planner's loading state (its heading and lead) in the layout, to one with it (apps/api's webPages.ts).
 */
const prerendered = [
  ...appRoutes.map((route) => ({ ...route, chunk: `/screens/${route.module}/index.ts` })),
  { ...applications, chunk: 'src/applications/Applications.tsx' },
].filter((route) => route.prerender !== undefined);

export const pages: readonly PrerenderedPage[] = prerendered.map(({ name, path, chunk, ...route }) => ({
  name,
  path,
  chunk,
  messageParts: 'messageParts' in route ? route.messageParts : [],
}));

export interface RenderedPage {
  /** What goes inside #root. */
  readonly html: string;
  /** The document title, as the page sets it. */
  readonly title: string;
}

export async function renderPage(name: string, locale: Locale, renderedAt: Date): Promise<RenderedPage> {
  const route = prerendered.find((page) => page.name === name);
  if (!route) throw new Error(`No prerendered page named ${name}.`);
  const [messages] = await Promise.all([loadMessages(locale), route.load()]);
  const intl = createIntl({ locale, messages });
  const html = renderToString(
    <StrictMode>
      <App
        basePath={basePlaceholder}
        initialLocale={locale}
        location={`${basePlaceholder}${route.path.replace(/^\//, '')}`}
        renderedAt={renderedAt}
      />
    </StrictMode>,
  );
  // /applications asked the reference-data cache for its lists while rendering: each query would keep this
  // process alive until its 5-minute garbage collection (the prerender then ran past the e2e harness's
  // 300 s limit). Nothing is fetched here; the empty queries go, with their timers.
  queryClient.clear();
  // A boundary that suspended would hydrate into something else than the HTML shows.
  if (/<!--\$[?!]-->/.test(html)) throw new Error(`${name} (${locale}): a part of the page suspended.`);
  return { html, title: documentTitle(intl, intl.formatMessage({ id: route.titleId })) };
}
