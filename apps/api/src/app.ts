// The Fastify application, assembled from one plugin per concern (./plugins/):
//   services         the shared parts (config, clock, database, contract, mailer, metrics) as a decorator
//   metrics          request durations and refusals into the app's own Prometheus registry
//   securityHeaders  headers on every response, no-store on the API, the CSRF defence
//   problems         JSON bodies and problem+json errors, app-wide
//   apiRoutes        the operations of openapi.yaml, request and response validation
//   devTools         the provider-states route (when configured)
//   webHosting       pages, static files, the SPA fallback, the no-JavaScript form post
// Logging and the request id are server options (./plugins/requestLog.ts). docs/hosting.md says more.
import type { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { systemClock, type Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import { Contract } from './platform/contract.ts';
import type { Database } from './platform/db.ts';
import { Metrics } from './platform/metrics.ts';
import { hashingOperations, PasswordHasher } from './account/passwords.ts';
import { problems, sendProblem } from './platform/problem.ts';
import type { Services } from './services.ts';
import { apiRoutesPlugin } from './plugins/apiRoutes.ts';
import { devToolsPlugin } from './plugins/devTools.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { problemsPlugin } from './plugins/problems.ts';
import { genReqId, loggerOptions, logReplacedRequestId, logRequestCompleted } from './plugins/requestLog.ts';
import { registerBodyDeadlines } from './plugins/bodyDeadlines.ts';
import { finishSecurityHeaders, securityHeaders, securityHeadersPlugin } from './plugins/securityHeaders.ts';
import { servicesPlugin } from './plugins/services.ts';
import { webHostingPlugin } from './plugins/webHosting.ts';

export interface AppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: Writable;
  contract?: Contract;
  /** False when the caller closes the database itself (several apps on one database). */
  ownsDatabase?: boolean;
  /** The bounded password hasher; by default one from config.scrypt and config.hashing. */
  passwords?: PasswordHasher;
}

export interface App {
  app: FastifyInstance;
  services: Services;
  /** Stops accepting requests, waits for queued mail, closes the database. */
  close(): Promise<void>;
}

/**
 * Fastify's trustProxy for TRUST_PROXY (docs/hosting.md#trust-proxy). A hop count becomes "trust the first
 * n hops" (the peer is hop 0): with 1, the address the proxy appended last is the client's, whatever the
 * client wrote before it. (Fastify itself reads a bare number as "trust none".)
 */
export function trustProxyOption(
  value: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, db } = options;
  const { timeouts } = config;
  const app = Fastify({
    bodyLimit: config.bodyLimit,
    trustProxy: trustProxyOption(config.trustProxy),
    // docs/hosting.md#timeouts: a client that sends slowly is cut off, an idle connection closed. Node's
    // request timeout is the longest any route allows, an upload's; registerBodyDeadlines holds the others
    // to REQUEST_TIMEOUT_MS and an upload to a minimum rate.
    requestTimeout: Math.max(timeouts.requestMs, timeouts.uploadMs),
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    // Tokens may be up to 256 characters (openapi.yaml Token parameter).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // Router-level failures (an over-long or malformed URL) are problems too, with the usual headers. A path
    // parameter too long or with bad percent-encoding names nothing: 404, as openapi.yaml's Token parameter
    // says of every unknown token (docs/testing.md#fuzzing found the 400 these used to get).
    frameworkErrors: (error, _request, reply) => {
      securityHeaders(reply, config);
      finishSecurityHeaders(reply);
      const unknown = error.code === 'FST_ERR_MAX_PARAM_LENGTH' || error.code === 'FST_ERR_BAD_URL';
      return sendProblem(reply, unknown ? problems.notFound() : problems.badRequest(error.message));
    },
    genReqId,
    logger: loggerOptions(config, options.logStream),
    // One line per request, from logRequestCompleted (./plugins/requestLog.ts).
    logController: new LogController({ disableRequestLogging: true }),
  });

  const clock = options.clock ?? systemClock;
  const contract = options.contract ?? (await Contract.load());
  const passwords =
    options.passwords ??
    new PasswordHasher({ params: config.scrypt, limits: config.hashing, busyHold: config.busyHold });
  await app.register(servicesPlugin, { config, clock, db, contract, passwords, metrics: new Metrics() });
  await app.register(metricsPlugin);
  // Every request but those that hash holds the spare hashing slot back while it is in flight (until its
  // response ends or its client goes: 'close' comes either way). docs/security.md#hashing.
  app.addHook('onRequest', (request, reply, done) => {
    const operationId = request.routeOptions.config.operationId;
    if (operationId === undefined || !hashingOperations.has(operationId))
      reply.raw.once('close', passwords.serving());
    done();
  });
  registerBodyDeadlines(app, timeouts);
  app.addHook('onRequest', logReplacedRequestId);
  app.addHook('onResponse', logRequestCompleted);
  await app.register(fastifyCookie);
  await app.register(securityHeadersPlugin, { config });
  await app.register(problemsPlugin);
  const inflight = new Set<Promise<unknown>>();
  await app.register(apiRoutesPlugin, { inflight });
  await app.register(devToolsPlugin);
  await app.register(webHostingPlugin);

  const { services } = app;
  return {
    app,
    services,
    async close() {
      await app.close();
      await Promise.allSettled([...inflight]);
      await services.mailer.idle();
      services.mailer.close();
      if (options.ownsDatabase !== false) await db.close();
    },
  };
}
