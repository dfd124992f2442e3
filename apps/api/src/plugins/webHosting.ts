// The web app: its pages (the entry page and the prerendered ones, written per request with the base path
// and a CSP nonce, compressed on the fly), the built static files, the SPA fallback for unknown page paths,
// the answer to a form posted without JavaScript, and the problem+json 404 for everything else.
import { randomBytes } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { chooseEncoding, compress } from '../platform/compression.ts';
import type { Config } from '../platform/config.ts';
import { isApiPath, isCanonicalPath, isUnderBase, normalisePath, sameOriginPath } from '../platform/paths.ts';
import { problems, sendProblem } from '../platform/problem.ts';
import { staticAllowList } from '../web/staticFiles.ts';
import { WebPages } from '../web/webPages.ts';
import { DESK_PATH, DeskPage, isDeskPath } from '../web/deskPage.ts';
import { addFormParser, pageWithFailure, submitNoScriptForm } from '../web/noScriptForms.ts';
import { matchRoute } from '@pre-admission/account/routes';
import type { RouteLogConfig } from './requestLog.ts';
import { debugMailboxHolds } from '../platform/startLines.ts';
import { contentSecurityPolicy } from './securityHeaders.ts';

async function register(app: FastifyInstance): Promise<void> {
  const { config } = app.services;
  const base = config.basePath;

  // The build this server serves until it stops: `dist` is a link that a rebuild switches to a new folder
  // (apps/web/scripts/switchBuild.mjs), and the pages read now name this build's hashed assets, so the files
  // are sent from the folder the link named at start, which the rebuild leaves in place
  // (docs/hosting.md#rebuilding).
  const webDist = existsSync(config.webDist) ? realpathSync(config.webDist) : config.webDist;
  const webPages = await WebPages.load(webDist);
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    answer?: { status: number; failure: { messageId: string; email: string } },
  ) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    // One build serves any base path: the page's <base href> and links are written here (apps/web relies
    // on it). react-aria injects one <style> and takes its nonce from the csp-nonce meta; a prerendered
    // page has one inline script. A fresh nonce per page lets those in while CSP stays closed to the rest.
    const nonce = randomBytes(18).toString('base64');
    const path = normalisePath(request.url).slice(base.length) || '/';
    const page = webPages.page(
      {
        path,
        cookie: request.headers.cookie,
        acceptLanguage: request.headers['accept-language'],
        canonical: isCanonicalPath(request.url),
      },
      base,
      nonce,
    );
    if (!page) return reply.send(notBuiltPage(config));
    // An unknown path: the app's not-found screen, with the status that says so (apps/api/src/web/webPages.ts).
    reply.code(answer?.status ?? page.status);
    // A form posted without JavaScript and refused: its page says why, in its language, the address kept.
    const html =
      answer && page.locale
        ? pageWithFailure(page.html, page.locale, answer.failure.messageId, answer.failure.email)
        : page.html;
    reply.header('content-security-policy', contentSecurityPolicy(nonce));
    // The same URL is sent in either language (a prerendered page), so caches must key on what chose it.
    reply.header('vary', 'Cookie, Accept-Language, Accept-Encoding');
    if (page.locale) reply.header('content-language', page.locale);
    return sendCompressed(request, reply, html);
  };

  // The desk's console (apps/desk), its own build under `{base}/desk/`: its page written as the web app's
  // (base path, nonce, the same CSP and security headers), its assets from its own allow-list.
  const deskDist = existsSync(config.deskDist) ? realpathSync(config.deskDist) : config.deskDist;
  const deskPage = await DeskPage.load(deskDist);
  const deskBase = `${base}${DESK_PATH}`;
  const sendDeskPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const nonce = randomBytes(18).toString('base64');
    const html = deskPage.html(base, nonce);
    if (html === undefined) return sendProblem(reply, problems.notFound());
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    reply.header('content-security-policy', contentSecurityPolicy(nonce));
    reply.header('vary', 'Accept-Encoding');
    return sendCompressed(request, reply, html);
  };
  if (deskPage.built) {
    // `{base}/desk/` answers `{base}/desk` too (the router ignores a trailing slash).
    for (const url of [`${deskBase}/`, `${deskBase}/index.html`])
      app.get(url, async (request, reply) => sendDeskPage(request, reply));
  }

  // The body of a page's form posted without JavaScript (this plugin's routes only; the API reads JSON).
  addFormParser(app, 4096);
  // Such a form over that limit is a browser's navigation too: the page again, saying why, with 413 (and a
  // document's headers), never a problem+json the browser shows as text (issue 39 item 13).
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const path = normalisePath(request.url);
    if (error.statusCode !== 413 || !isFormPost(request) || isApiPath(base, path) || !isUnderBase(base, path))
      throw error;
    return sendPage(request, reply, {
      status: 413,
      failure: { messageId: 'account.error.tooLarge', email: '' },
    });
  });

  // The entry page itself, never the raw file from the static handler (its <base href> must be written).
  for (const url of [`${base}/`, `${base}/index.html`])
    app.get(url, async (request, reply) => sendPage(request, reply));
  // Static files from an allow-list, one route each (docs/hosting.md#static-files): the router's exact
  // match is the guard, so `/./`, `//`, encoded or other-case paths never reach a file.
  const allowed = staticAllowList(webDist);
  const deskAllowed = staticAllowList(deskDist);
  if (allowed.size > 0 || deskAllowed.size > 0) {
    await app.register(fastifyStatic, {
      root: allowed.size > 0 ? webDist : deskDist,
      serve: false,
      index: false,
      dotfiles: 'deny',
      // apps/web writes .br and .gz beside each file; they are sent as they are when the client accepts them.
      preCompressed: true,
      // Vite's hashed file names never change content: cache them for good. Nothing asks again whether one
      // changed, so no validators (ETag, Last-Modified), and no ranges for files this small: headers that
      // cost every asset ~100 bytes for nothing (docs/security.md#headers).
      cacheControl: false,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      setHeaders: (reply) => {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // Logged at debug (./requestLog.ts): a page view fetches many of them.
    const asset: RouteLogConfig = { asset: true };
    for (const file of allowed)
      app.get(`${base}/${file}`, { config: asset }, (_request, reply) => reply.sendFile(file, webDist));
    for (const file of deskAllowed)
      app.get(`${deskBase}/${file}`, { config: asset }, (_request, reply) => reply.sendFile(file, deskDist));
  }

  app.setNotFoundHandler(async (request, reply) => {
    // The canonical path, as every other decision on the path (docs/hosting.md#routed-path).
    const path = normalisePath(request.url);
    const underBase = isUnderBase(base, path);
    const api = isApiPath(base, path);
    // A form of the web app sent without the app (scripts off or failed; its forms say method="post" so
    // nothing typed lands in a URL). Sign-in and the two mail requests are sent on to their API operation and
    // answered as the app would (../noScriptForms.ts, issue 27 defect 8); any other form: back to the page,
    // whose notice says JavaScript is needed.
    if (request.method === 'POST' && underBase && !api && isFormPost(request)) {
      const route = isCanonicalPath(request.url) ? matchRoute(path.slice(base.length) || '/') : undefined;
      const answer = route
        ? await submitNoScriptForm(app, request, route.name, base, new URL(config.publicUrl).origin)
        : undefined;
      if (answer?.redirect) {
        for (const cookie of answer.setCookie ?? []) reply.header('set-cookie', cookie);
        return reply.code(303).header('location', answer.redirect).send();
      }
      if (answer?.messageId && route) {
        if (answer.retryAfter) reply.header('retry-after', answer.retryAfter);
        return sendPage(request, reply, {
          status: answer.status ?? 400,
          failure: { messageId: answer.messageId, email: answer.email ?? '' },
        });
      }
      return reply.code(303).header('location', sameOriginPath(base, request.url)).send();
    }
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !api;
    // Not a page: a path that names a dotfile or looks like a file (an extension in its last segment), or
    // whose raw form has a `.` or `..` segment or a backslash. Such a request wants a file, and gets a 404
    // rather than the app (docs/hosting.md#static-files).
    const fileLike =
      /(^|\/)\.|\.[^/]*$/.test(path) ||
      /(^|\/|%2f|%5c)(\.|%2e){1,2}(\/|%2f|%5c|$)|\\|%5c/i.test(rawPath(request.url));
    if (!isPage || !underBase || fileLike) {
      return sendProblem(reply, problems.notFound());
    }
    // The console's router handles its own paths (its not-found screen among them).
    if (deskPage.built && isDeskPath(base, path) && isCanonicalPath(request.url))
      return sendDeskPage(request, reply);
    // SPA fallback: the router app handles unknown paths itself (docs/behaviour.md#routes: Not Found page).
    // A page path that is not canonical (`/privacy//`, `/privacy%2F`) is no route either: the not-found page
    // with 404, not a problem a browser shows as JSON (issue 27 defect 6; sendPage asks isCanonicalPath).
    return sendPage(request, reply);
  });
}

function notBuiltPage(config: Config): string {
  // Only what is switched on: the debug mailbox serves live links (DEBUG_ENDPOINTS=1), MailDev is npm start's.
  const links = [
    `<li>Health: <a href="${config.basePath}/api/health">${config.basePath}/api/health</a></li>`,
  ];
  if (config.devMailboxUrl)
    links.push(`<li>Development mailbox: <a href="${config.devMailboxUrl}">${config.devMailboxUrl}</a></li>`);
  if (config.debugEndpoints) {
    const mailbox = `${config.publicUrl}${config.basePath}/api/debug/mails`;
    links.push(
      `<li>Debug mailbox: <a href="${config.basePath}/api/debug/mails">${mailbox}</a> (${debugMailboxHolds(config)})</li>`,
    );
  }
  return `<!doctype html>
<html lang="ja">
<head><meta charset="utf-8"><title>留学生入学前支援 / Pre-admission support</title></head>
<body>
<h1>留学生入学前支援 / Pre-admission support</h1>
<p>ウェブアプリはまだビルドされていません。API は動作しています。</p>
<p>The web app is not built yet (apps/web/dist is missing). The API is running.</p>
<ul>
${links.join('\n')}
</ul>
</body>
</html>
`;
}

function rawPath(rawUrl: string): string {
  return rawUrl.split(/[?#]/, 1)[0] ?? '';
}

function isFormPost(request: FastifyRequest): boolean {
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/.test(
    String(request.headers['content-type'] ?? ''),
  );
}

/**
 * A page is written per request (nonce, base path), so it cannot be precompressed like the assets; a
 * prerendered page is 10–20 kB.
 */
async function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(html);
  reply.header('content-encoding', encoding);
  return reply.send(await compress(encoding, html));
}

export const webHostingPlugin = register;
