// The web app's pages as the server sends them: apps/web/dist/index.html for every path, or, for a public
// page the build prerendered (apps/web/dist/pages/pages.json), that page's HTML in the applicant's language.
// Either way the server writes in the base path and a fresh CSP nonce per response. Which route a path is,
// and who gets its prerendered page, is the route table's (@pre-admission/account/routes): a path that is
// none of its routes is sent with status 404: the app shows its not-found screen on it
// (docs/behaviour.md#routes), and the status says so too.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { matchRoute } from '@pre-admission/account/routes';
import { acceptedLanguages, chooseLocale, readLocaleCookie, type Locale } from '@pre-admission/i18n/choice';
import { SESSION_COOKIE } from '../services.ts';

interface PagesFile {
  basePlaceholder: string;
  /** Each prerendered page by its route's name; its `prerender` says who gets it. */
  pages: Array<{ name: string; files: Partial<Record<Locale, string>> }>;
}

export interface PageRequest {
  /** The path under the base path, as requested ('/', '/Privacy/', ...). */
  path: string;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
  /**
   * False when the raw path is not canonical (`/privacy//`, `/privacy%2F`, `//privacy`): it names no route
   * even though its canonical form does, so it gets the not-found page (issue 27 defect 6).
   */
  canonical?: boolean;
}

export interface Page {
  html: string;
  /** Set for a prerendered page: the language it is written in. */
  locale?: Locale;
  /** 404 when the path is none of the app's routes (the app shows its not-found screen), else 200. */
  status: 200 | 404;
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
  /** Each prerendered page's HTML by language, keyed by its route's name. */
  private readonly prerendered: ReadonlyMap<string, Partial<Record<Locale, string>>>;
  private readonly placeholder: string | undefined;
  private constructor(
    index: string | undefined,
    prerendered: ReadonlyMap<string, Partial<Record<Locale, string>>>,
    placeholder: string | undefined,
  ) {
    this.index = index;
    this.prerendered = prerendered;
    this.placeholder = placeholder;
  }

  /** Reads the build once at start (a new build needs a restart, as its hashed assets do anyway). */
  static async load(webDist: string): Promise<WebPages> {
    const indexFile = join(webDist, 'index.html');
    const index = existsSync(indexFile) ? await readFile(indexFile, 'utf8') : undefined;
    const pagesFile = join(webDist, 'pages', 'pages.json');
    if (!index || !existsSync(pagesFile)) return new WebPages(index, new Map(), undefined);
    const { basePlaceholder, pages } = JSON.parse(await readFile(pagesFile, 'utf8')) as PagesFile;
    const prerendered = new Map<string, Partial<Record<Locale, string>>>();
    for (const page of pages) {
      const html: Partial<Record<Locale, string>> = {};
      for (const [locale, file] of Object.entries(page.files) as Array<[Locale, string]>)
        html[locale] = await readFile(join(webDist, file), 'utf8');
      prerendered.set(page.name, html);
    }
    return new WebPages(index, prerendered, basePlaceholder);
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
    const route = request.canonical === false ? undefined : matchRoute(request.path);
    const mayBeSignedIn = sessionCookie.test(request.cookie ?? '');
    const variants =
      route && route.route.prerender === (mayBeSignedIn ? 'signedIn' : 'signedOut')
        ? this.prerendered.get(route.name)
        : undefined;
    const locale = variants
      ? chooseLocale(readLocaleCookie(request.cookie), acceptedLanguages(request.acceptLanguage))
      : undefined;
    let html = (locale && variants?.[locale]) ?? this.index;
    if (this.placeholder) html = html.replaceAll(this.placeholder, `${basePath}/`);
    html = html
      .replace(/<base href="[^"]*"\s*\/?>/, `<base href="${basePath}/" />`)
      .replaceAll(' nonce=""', ` nonce="${nonce}"`);
    // No session cookie came with the request: the app starts signed out without asking the server, whose
    // 401 every signed-out page logged as a failed request (issue 39 item 9; apps/web SessionProvider).
    if (!mayBeSignedIn) html = markedWithoutSession(html);
    // A bare client build (no pages/pages.json: `vite build` without the prerender) has always been sent
    // with 200 on every path; the complete build says 404 where the route table has no route.
    const status = route || this.placeholder === undefined ? 200 : 404;
    return locale ? { html, locale, status } : { html, status };
  }
}

/** The mark in the head (in a page without one, right after <html>): a meta, so <html> is left as built. */
export const noSessionMeta = '<meta name="pre-admission-session" content="none" />';
function markedWithoutSession(html: string): string {
  const head = /<head\b[^>]*>/.exec(html) ?? /<html\b[^>]*>/.exec(html);
  if (!head) return html;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}${noSessionMeta}${html.slice(at)}`;
}
