// What every response carries and what every state-changing API call must show: the security headers, split
// by what a response is (docs/security.md#headers): a document (an HTML page, an HTML error page) gets the full
// set (CSP, Permissions-Policy, no framing, no referrer, COOP, CORP); anything else gets what protects a
// response that is never rendered as a page (nosniff, a CSP that allows nothing and no framing, CORP on what
// is private); HSTS over HTTPS on all. `Cache-Control: no-store` on the API, and the CSRF defence (a custom
// header a cross-site form cannot send, no foreign Origin). App-wide hooks, so wrapped with fastify-plugin.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../platform/config.ts';
import { isApiPath, routedPath } from '../platform/paths.ts';
import { problems, sendProblem } from '../platform/problem.ts';
import { isRequestId } from './requestLog.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * No inline script but the page's own, no framing, nothing from other origins. The nonce (fresh per page)
 * admits the one script a prerendered page carries and the one <style> react-aria injects. `base-uri
 * 'self'`: the web app's <base href> (the base path, written by the server) must apply; a <base> pointing
 * anywhere else is still refused.
 */
export function contentSecurityPolicy(nonce?: string): string {
  return [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
    nonce ? `style-src 'self' 'nonce-${nonce}'` : "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * Powerful features the site never uses, denied to every page and frame; and WebAuthn, which its own pages
 * use for passkeys (issue 28), allowed to the site's origin only (docs/security.md#headers).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  // Not 'bluetooth': Chromium does not know it and warned in every page's console (issue 39 item 9); Web
  // Bluetooth is not exposed to a page without a user gesture and a chooser anyway.
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .concat(['publickey-credentials-create=(self)', 'publickey-credentials-get=(self)'])
  .join(', ');

/**
 * For a response that is not a document (JSON, a script, a stylesheet, an empty answer): nothing may load
 * into it or frame it, should a browser ever be sent to it (OWASP REST Security cheat sheet).
 */
export const NON_DOCUMENT_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** What every response carries, whatever it is: host-wide or about the body's type. */
export function securityHeaders(reply: FastifyReply, config: Config): void {
  reply.header('x-content-type-options', 'nosniff');
  if (config.publicUrl.startsWith('https:')) {
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  }
}

/**
 * The headers that only mean something where a browser renders a page: its script and style policy, its
 * powerful features, its framing, the Referer its links and requests send, its browsing-context group.
 * The CSP is left alone if the page handler already set one with its nonce.
 */
export function documentHeaders(reply: FastifyReply): void {
  if (!reply.hasHeader('content-security-policy'))
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
  reply.header('permissions-policy', PERMISSIONS_POLICY);
  reply.header('referrer-policy', 'no-referrer'); // token URLs never leak through Referer
  reply.header('x-frame-options', 'DENY'); // for browsers older than frame-ancestors
  reply.header('cross-origin-opener-policy', 'same-origin');
  reply.header('cross-origin-resource-policy', 'same-origin');
}

/**
 * The rest of the headers, once the response's type and caching are known (an onSend hook). Whatever the
 * status: an HTML answer is a document, the not-found page (404) and a form's refusal (413) as much as a 200
 * page (issue 39 item 13).
 */
export function finishSecurityHeaders(reply: FastifyReply): void {
  const type = String(reply.getHeader('content-type') ?? '');
  if (/^text\/html\b/i.test(type)) return documentHeaders(reply);
  if (!reply.hasHeader('content-security-policy'))
    reply.header('content-security-policy', NON_DOCUMENT_POLICY);
  // A redirect is a step of a navigation: it carries a document's headers (the Referer of the request it
  // leads to follows its policy; issue 39 item 13), with the CSP of an answer that has nothing to render.
  if (reply.statusCode >= 300 && reply.statusCode < 400) documentHeaders(reply);
}

async function register(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const { config } = options;
  // Both decide on the routed path, never the raw URL (docs/hosting.md#routed-path).
  const isApi = (request: FastifyRequest) => isApiPath(config.basePath, routedPath(request));

  // Headers on every response, API and web alike; those that depend on what the response is, once it is
  // known (an error page or a problem can replace what a route meant to send).
  app.addHook('onRequest', async (request, reply) => {
    securityHeaders(reply, config);
    if (!isApi(request)) return;
    reply.header('cache-control', 'no-store');
    // An API answer is private unless a route says otherwise (the reference lists: ./apiRoutes.ts takes it
    // off): not for another site's <script> or <img> to pull into its process. Public files (the hashed
    // assets) anyone may fetch, so there it would guard nothing.
    reply.header('cross-origin-resource-policy', 'same-origin');
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    finishSecurityHeaders(reply);
    return payload;
  });

  // CSRF defence for state-changing API calls. With PUBLIC_URL set, its origin is the only own one: Host and
  // X-Forwarded-Host are written by the client (a proxy may pass them on), so a request's own host proves
  // nothing (test/security/forgedHost.test.ts). Without it (development), the site is reached as localhost
  // or 127.0.0.1 at any port, so the request's host is accepted too.
  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method) || !isApi(request)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== 'null') {
      const own = config.publicUrlSet
        ? [publicOrigin]
        : [publicOrigin, `${request.protocol}://${request.host}`];
      if (!own.includes(origin)) return sendProblem(reply, problems.foreignOrigin());
    } else if (origin === 'null') {
      return sendProblem(reply, problems.foreignOrigin());
    }
    if (!isRequestId(request.headers['x-request-id'])) {
      return sendProblem(reply, problems.missingRequestId());
    }
  });
}

export const securityHeadersPlugin = fp(register, { name: 'security-headers', fastify: '5.x' });
