// The Fastify application: routes from openapi.yaml, request/response validation against it, problem+json
// errors, security headers, CSRF defence, the web app with its SPA fallback, the provider-states hook.
import { existsSync } from 'node:fs';
import { randomBytes, randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Writable } from 'node:stream';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { Contract, fieldErrors, type Operation, type OperationId } from './contract.ts';
import type { Database } from './db.ts';
import { createMailer, type Mailer } from './mail.ts';
import { HttpProblem, problems, sendProblem } from './problem.ts';
import { setUpState, UnknownStateError } from './providerStates.ts';
import { reset as resetRateLimit } from './rateLimits.ts';
import { mailKeys } from './routes/registrations.ts';
import { signInKeys } from './routes/sessions.ts';
import { WebPages } from './webPages.ts';
import { seedReferenceData } from './referenceData.ts';
import { emailChangeHandlers } from './routes/emailChange.ts';
import { passwordHandlers } from './routes/password.ts';
import { passwordResetHandlers } from './routes/passwordReset.ts';
import { referenceDataHandlers } from './routes/referenceData.ts';
import { registrationHandlers } from './routes/registrations.ts';
import { sessionHandlers } from './routes/sessions.ts';
import type { Handlers, Services } from './services.ts';

export interface AppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: Writable;
  contract?: Contract;
  /** False when the caller closes the database itself (several apps on one database). */
  ownsDatabase?: boolean;
}

export interface App {
  app: FastifyInstance;
  services: Services;
  /** Stops accepting requests, waits for queued mail, closes the database. */
  close(): Promise<void>;
}

const REQUEST_ID = /^[0-9]{1,15}:[0-9]{1,4}$/;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const EPOCH_2021 = Date.UTC(2021, 0, 1);

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

/** Token-bearing paths are logged with the token masked. */
export function redactUrl(url: string): string {
  return url.replace(
    /(registrations|password-reset-requests|email-change-requests|password-reset|change-email-requests)\/[^/?#]+/g,
    '$1/[REDACTED]',
  );
}

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const contract = options.contract ?? Contract.load();
  const base = config.basePath;
  const apiPrefix = `${base}/api/`;

  const app = Fastify({
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Tokens may be up to 256 characters (openapi.yaml Token parameter).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // Router-level failures (an over-long or malformed URL) are problems too, with the usual headers.
    frameworkErrors: (error, _request, reply) => {
      securityHeaders(reply, config);
      return sendProblem(
        reply,
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? problems.notFound() : problems.badRequest(error.message),
      );
    },
    // The request id is the client's X-Request-Id when well formed, otherwise one in the same shape.
    genReqId: (req) => {
      const header = req.headers['x-request-id'];
      return typeof header === 'string' && REQUEST_ID.test(header)
        ? header
        : `${Date.now() - EPOCH_2021}:${randomInt(4096)}`;
    },
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          'password',
          'currentPassword',
          'newPassword',
          'token',
          'cookie',
          '*.password',
          '*.currentPassword',
          '*.newPassword',
          '*.token',
          '*.cookie',
          '*.sessionId',
        ],
        censor: '[REDACTED]',
      },
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
          userAgent: req.headers['user-agent'],
        }),
      },
    },
  });

  const mailer: Mailer = createMailer(config, clock, app.log, () => db);
  const services: Services = { config, clock, db, contract, mailer };
  await seedReferenceData(db, clock);

  await app.register(fastifyCookie);

  // JSON bodies. An empty body with a JSON content type (what a client sends for a PATCH without payload)
  // is no body rather than an error; the operation's own schema decides whether a body was required.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const source = String(text);
    if (source.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(source));
    } catch {
      done(problems.badRequest('The body is not valid JSON.'), undefined);
    }
  });

  // Headers on every response, API and web alike.
  app.addHook('onRequest', async (request, reply) => {
    securityHeaders(reply, config);
    if (request.url.startsWith(apiPrefix)) reply.header('cache-control', 'no-store');
  });

  // CSRF defence for state-changing API calls: a custom header a cross-site form cannot send, and no
  // foreign Origin.
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith(apiPrefix)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== 'null') {
      const own = [new URL(config.publicUrl).origin, `${request.protocol}://${request.host}`];
      if (!own.includes(origin)) return sendProblem(reply, problems.foreignOrigin());
    } else if (origin === 'null') {
      return sendProblem(reply, problems.foreignOrigin());
    }
    const requestId = request.headers['x-request-id'];
    if (typeof requestId !== 'string' || !REQUEST_ID.test(requestId)) {
      return sendProblem(reply, problems.missingRequestId());
    }
  });

  // Response validation against openapi.yaml (on unless production): a breach is logged and becomes a 500.
  if (config.validateResponses) {
    app.addHook('onSend', async (request, reply, payload) => {
      const operationId = (request.routeOptions.config as { operationId?: OperationId }).operationId;
      if (!operationId || !reply.request.url.startsWith(apiPrefix)) return payload;
      let body: unknown = payload === null || payload === undefined || payload === '' ? undefined : payload;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          // not JSON: checkResponse reports the content type
        }
      }
      const failures = contract.checkResponse(
        operationId,
        reply.statusCode,
        reply.getHeader('content-type') as string | undefined,
        body,
      );
      if (failures.length === 0) return payload;
      request.log.error({ failures }, 'response breaks openapi.yaml');
      reply.code(500).type('application/problem+json');
      reply.removeHeader('retry-after');
      return JSON.stringify({
        type: 'urn:pre-admission:problem:internal',
        title: 'An unexpected error occurred.',
        status: 500,
        instance: String(request.id),
      });
    });
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpProblem) return sendProblem(reply, error);
    const status = error.statusCode ?? 500;
    if (status === 413) return sendProblem(reply, problems.tooLarge());
    if (status === 415)
      return sendProblem(reply, problems.badRequest('The content type must be application/json.'));
    if (status >= 400 && status < 500) {
      const title = status === 400 ? 'The request is malformed.' : 'The request cannot be served.';
      return sendProblem(
        reply,
        new HttpProblem(status, status === 400 ? 'bad-request' : 'client-error', title, {
          detail: error.message,
        }),
      );
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(reply, problems.internal());
  });

  // Every operation of openapi.yaml, or the server refuses to start.
  const handlers: Handlers = {
    ...sessionHandlers(services),
    ...registrationHandlers(services),
    ...passwordResetHandlers(services),
    ...emailChangeHandlers(services),
    ...passwordHandlers(services),
    ...referenceDataHandlers(services),
  };
  const inflight = new Set<Promise<unknown>>();
  for (const operation of contract.operations) {
    const handler = handlers[operation.operationId];
    if (!handler) throw new Error(`no handler for ${operation.operationId}`);
    app.route({
      method: operation.method.toUpperCase() as 'GET',
      url: base + operation.path.replace(/\{(\w+)\}/g, ':$1'),
      config: { operationId: operation.operationId },
      preHandler: async (request) => validateRequest(operation, request),
      // Tracked so that shutdown waits for it even when the client has hung up (the socket closes, the
      // handler still runs and needs the database).
      handler: (request, reply) => {
        const running = handler(request, reply);
        inflight.add(running);
        void running.then(
          () => inflight.delete(running),
          () => inflight.delete(running),
        );
        return running;
      },
    });
  }

  if (config.providerStates) {
    app.post(`${base}/_pact/provider-states`, async (request, reply) => {
      const body = (request.body ?? {}) as { state?: unknown; params?: unknown; action?: unknown };
      if (typeof body.state !== 'string') throw problems.badRequest('state is required');
      // Pact calls this with an empty state for interactions that have none: nothing to set up.
      if (body.action === 'teardown' || body.state.trim() === '') return reply.send({});
      // The verifier's own client address is no part of any state: repeated runs against one provider
      // must not trip the per-client limits (the per-account ones are reset by the states themselves).
      await resetRateLimit(services.db, mailKeys.client(request.ip));
      await resetRateLimit(services.db, signInKeys.client(request.ip));
      try {
        const params = typeof body.params === 'object' && body.params !== null ? body.params : {};
        return await setUpState(services, body.state, params as Record<string, unknown>);
      } catch (error) {
        if (error instanceof UnknownStateError) throw problems.badRequest(error.message);
        throw error;
      }
    });
  }

  const webPages = await WebPages.load(config.webDist);
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    // One build serves any base path: the page's <base href> and links are written here (apps/web relies
    // on it). react-aria injects one <style> and takes its nonce from the csp-nonce meta; a prerendered
    // page has one inline script. A fresh nonce per page lets those in while CSP stays closed to the rest.
    const nonce = randomBytes(18).toString('base64');
    const path = (request.url.split('?')[0] ?? '/').slice(base.length) || '/';
    const page = webPages.page(
      { path, cookie: request.headers.cookie, acceptLanguage: request.headers['accept-language'] },
      base,
      nonce,
    );
    if (!page) return reply.send(notBuiltPage(config));
    reply.header('content-security-policy', contentSecurityPolicy(nonce));
    // The same URL is sent in either language (a prerendered page), so caches must key on what chose it.
    reply.header('vary', 'Cookie, Accept-Language');
    if (page.locale) reply.header('content-language', page.locale);
    return sendCompressed(request, reply, page.html);
  };
  // The entry page itself, never the raw file from the static handler (its <base href> must be written).
  for (const url of [`${base}/`, `${base}/index.html`])
    app.get(url, async (request, reply) => sendPage(request, reply));
  if (existsSync(config.webDist)) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: `${base}/`,
      wildcard: true,
      index: false,
      // The prerendered pages are templates (base path, nonce): they are sent by sendPage, never as files.
      allowedPath: (pathName) => !/^\/?pages\//.test(pathName),
      // apps/web writes .br and .gz beside each file; they are sent as they are when the client accepts them.
      preCompressed: true,
      // Vite's hashed file names never change content: cache them for good.
      cacheControl: false,
      setHeaders: (res, path) => {
        const immutable = /[/\\]assets[/\\]/.test(path);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const underBase = !base || path === base || path.startsWith(`${base}/`);
    // A form of the web app sent without the app (scripts off or failed; its forms say method="post" so
    // nothing typed lands in a URL): back to the page, whose notice says JavaScript is needed.
    if (request.method === 'POST' && underBase && !path.startsWith(apiPrefix) && isFormPost(request))
      return reply.code(303).header('location', request.url).send();
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith(apiPrefix);
    if (!isPage || (base && path !== base && !path.startsWith(`${base}/`))) {
      return sendProblem(reply, problems.notFound());
    }
    // SPA fallback: the router app handles unknown paths itself (spec 2: Not Found page).
    return sendPage(request, reply);
  });

  return {
    app,
    services,
    async close() {
      await app.close();
      await Promise.allSettled([...inflight]);
      await mailer.idle();
      mailer.close();
      if (options.ownsDatabase !== false) await db.close();
    },
  };
}

function securityHeaders(reply: FastifyReply, config: Config): void {
  reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer'); // token URLs never leak through Referer
  reply.header('x-frame-options', 'DENY');
  reply.header('cross-origin-opener-policy', 'same-origin');
  reply.header('cross-origin-resource-policy', 'same-origin');
  if (config.publicUrl.startsWith('https:')) {
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  }
}

/** Checks the body against the operation's schema in openapi.yaml: 400 with per-field errors. */
function validateRequest(operation: Operation, request: FastifyRequest): void {
  if (!operation.validateBody) return;
  const body = request.body;
  if (body === undefined || body === null) {
    throw problems.validation([{ field: 'body', code: 'required' }]);
  }
  if (!operation.validateBody(body))
    throw problems.validation(fieldErrors(operation.validateBody.errors, body));
}

function notBuiltPage(config: Config): string {
  const mailbox = `${config.publicUrl}${config.basePath}/api/debug/mails`;
  return `<!doctype html>
<html lang="ja">
<head><meta charset="utf-8"><title>留学生入学前支援 / Pre-admission support</title></head>
<body>
<h1>留学生入学前支援 / Pre-admission support</h1>
<p>ウェブアプリはまだビルドされていません。API は動作しています。</p>
<p>The web app is not built yet (apps/web/dist is missing). The API is running.</p>
<ul>
<li>Health: <a href="${config.basePath}/api/health">${config.basePath}/api/health</a></li>
<li>Mailbox: <a href="${config.basePath}/api/debug/mails">${mailbox}</a></li>
</ul>
</body>
</html>
`;
}

function isFormPost(request: FastifyRequest): boolean {
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/.test(
    String(request.headers['content-type'] ?? ''),
  );
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * A page is written per request (nonce, base path), so it cannot be precompressed like the assets; a
 * prerendered page is 10–20 kB, and brotli at a middle level takes about a millisecond.
 */
async function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return reply.send(await brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return reply.send(await gz(html, { level: 6 }));
  }
  return reply.send(html);
}
