// The web app's pages as the server sends them: apps/web/dist/index.html for every path, or, for a public
// page the build prerendered (apps/web/dist/pages/pages.json), that page's HTML in the applicant's language.
// Either way the server writes in the base path and a fresh CSP nonce per response. A path that matches
// none of the app's route patterns (pages.json `routes`) is sent with status 404: the app shows its
// not-found screen on it (docs/behaviour.md#routes), and the status says so too.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { normalizePath } from '@pre-admission/account/routes';
import { acceptedLanguages, chooseLocale, readLocaleCookie, type Locale } from '@pre-admission/i18n/choice';
import { SESSION_COOKIE } from './services.ts';

interface PagesFile {
  basePlaceholder: string;
  /** `signedIn`: sent only to a visitor with a session cookie; older builds lack it (all public). */
  pages: Array<{ name: string; path: string; signedIn?: boolean; files: Partial<Record<Locale, string>> }>;
  /** Every route pattern of the app (react-router syntax: `/registrations/:token`); older builds lack it. */
  routes?: string[];
}

export interface PageRequest {
  /** The path under the base path, as requested ('/', '/Privacy/', ...). */
  path: string;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}

export interface Page {
  html: string;
  /** Set for a prerendered page: the language it is written in. */
  locale?: Locale;
  /** 404 when the path is none of the app's routes (the app shows its not-found screen), else 200. */
  status: 200 | 404;
}

interface PrerenderedPage {
  /** Sent only to a visitor with a session cookie (else only to one without). */
  signedIn: boolean;
  html: Partial<Record<Locale, string>>;
}

/** A route pattern (`/registrations/:token`) as a test of a normalised path: one segment per parameter. */
function routeMatcher(pattern: string): (path: string) => boolean {
  const source = normalizePath(pattern)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  const expression = new RegExp(`^${source}$`);
  return (path) => expression.test(path);
}

/**
 * The session cookie, under either of its names (bare over http, `__Host-` prefixed over https:
 * apps/api/src/services.ts). A visitor who has it may be signed in, so a public prerendered page (the
 * signed-out view) is not sent to them: they get the app's shell, which shows the loading indicator until
 * the session is known (docs/behaviour.md#session), or the page prerendered for them (/applications while
 * its plan loads). A visitor without it never gets that page: the shell takes them to `/`.
 */
const sessionCookie = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SESSION_COOKIE}=`);

export class WebPages {
  private readonly index: string | undefined;
  private readonly prerendered: ReadonlyMap<string, PrerenderedPage>;
  private readonly placeholder: string | undefined;
  private readonly routes: ReadonlyArray<(path: string) => boolean> | undefined;
  private constructor(
    index: string | undefined,
    prerendered: ReadonlyMap<string, PrerenderedPage>,
    placeholder: string | undefined,
    routes: ReadonlyArray<(path: string) => boolean> | undefined,
  ) {
    this.index = index;
    this.prerendered = prerendered;
    this.placeholder = placeholder;
    this.routes = routes;
  }

  /** Reads the build once at start (a new build needs a restart, as its hashed assets do anyway). */
  static async load(webDist: string): Promise<WebPages> {
    const indexFile = join(webDist, 'index.html');
    const index = existsSync(indexFile) ? await readFile(indexFile, 'utf8') : undefined;
    const pagesFile = join(webDist, 'pages', 'pages.json');
    if (!index || !existsSync(pagesFile)) return new WebPages(index, new Map(), undefined, undefined);
    const { basePlaceholder, pages, routes } = JSON.parse(await readFile(pagesFile, 'utf8')) as PagesFile;
    const prerendered = new Map<string, PrerenderedPage>();
    for (const page of pages) {
      const html: Partial<Record<Locale, string>> = {};
      for (const [locale, file] of Object.entries(page.files) as Array<[Locale, string]>)
        html[locale] = await readFile(join(webDist, file), 'utf8');
      prerendered.set(normalizePath(page.path), { signedIn: page.signedIn === true, html });
    }
    return new WebPages(index, prerendered, basePlaceholder, routes?.map(routeMatcher));
  }

  get built(): boolean {
    return this.index !== undefined;
  }

  /**
   * The page for a path, or undefined when the web app is not built. The language of a prerendered page
   * is chosen as the browser app chooses it (packages/i18n): the saved choice (its cookie), else the first
   * Japanese or English language the browser accepts, else Japanese. A visitor with a session cookie gets
   * the shell instead of a public prerendered page, and a page prerendered for the signed in only if they
   * have one.
   */
  page(request: PageRequest, basePath: string, nonce: string): Page | undefined {
    if (this.index === undefined) return undefined;
    const path = normalizePath(request.path);
    const status = this.routes && !this.routes.some((matches) => matches(path)) ? 404 : 200;
    const mayBeSignedIn = sessionCookie.test(request.cookie ?? '');
    const prerendered = this.prerendered.get(path);
    const variants = prerendered?.signedIn === mayBeSignedIn ? prerendered.html : undefined;
    const locale = variants
      ? chooseLocale(readLocaleCookie(request.cookie), acceptedLanguages(request.acceptLanguage))
      : undefined;
    let html = (locale && variants?.[locale]) ?? this.index;
    if (this.placeholder) html = html.replaceAll(this.placeholder, `${basePath}/`);
    html = html
      .replace(/<base href="[^"]*"\s*\/?>/, `<base href="${basePath}/" />`)
      .replaceAll(' nonce=""', ` nonce="${nonce}"`);
    return locale ? { html, locale, status } : { html, status };
  }
}
