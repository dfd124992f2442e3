// The request id and the log line of each request. Not a plugin: Fastify takes these as server options
// when it is created (buildApp passes them on), plus one onResponse hook.
//
// One line per request, when it is answered (Fastify's own two, "incoming request" and "request completed",
// are off): half the writes under a flood. A built static file (a script, a style sheet, an image) is logged
// at debug: a page view fetches a dozen of them, and at info they buried the requests that matter
// (docs/operations.md#logs).
import { randomInt } from 'node:crypto';
import type { Writable } from 'node:stream';
import { tokenSegments } from '@pre-admission/account/routes';
// The web client's own constants (a subpath with no imports of its own: the server runs its sources on Node).
import { REQUEST_ID_EPOCH, REQUEST_ID_RANDOM_BOUND } from '@pre-admission/api/requestId';
import type { paths } from '@pre-admission/api/schema';
import type { paths as staffPaths } from '@pre-admission/api/staff-schema';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../platform/config.ts';
import { normalisePath } from '../platform/paths.ts';

/** docs/behaviour.md#api-calls: the request id format (openapi.yaml's RequestId pattern). */
export const REQUEST_ID = /^[0-9]{1,15}:[0-9]{1,4}$/;

/** Whether a client's X-Request-Id is in the format the web client writes (docs/hosting.md#request-ids). */
export function isRequestId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    REQUEST_ID.test(value) &&
    Number(value.slice(value.indexOf(':') + 1)) <= REQUEST_ID_RANDOM_BOUND
  );
}

/**
 * The API's paths that end in a token (openapi.yaml's Token parameter), checked against the contract. The
 * staff invitation's segment (`invitations`) also masks the token of its page, /desk/invitations/{token}.
 */
const apiTokenPaths = [
  '/api/applicant/registrations/{token}',
  '/api/applicant/password-reset-requests/{token}',
  '/api/applicant/email-change-requests/{token}',
  '/api/staff/invitations/{token}',
] as const satisfies ReadonlyArray<keyof paths | keyof staffPaths>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A segment after which the next one is a token: the web app's token routes (the route table's `token`
 * access: /registrations/{token}, ...) and the API's.
 */
const tokenBearing = new RegExp(
  `(${[...new Set([...tokenSegments, ...apiTokenPaths.map((path) => path.split('/').at(-2) ?? '')])]
    .map(escapeRegExp)
    .join('|')})/[^/]+`,
  'gi',
);

/**
 * Token-bearing paths are logged with the token masked; so is any segment long enough to be a token (the
 * path a request did not route to may still carry one). The query is never logged.
 */
export function redactUrl(url: string): string {
  return normalisePath(url)
    .replace(tokenBearing, '$1/[REDACTED]')
    .replace(/(?<=\/)[A-Za-z0-9_-]{20,}(?=\/|$)/g, '[REDACTED]');
}

/**
 * The path logged for a request: its route's pattern with every parameter masked, or the redacted
 * canonical path when no route matched (docs/hosting.md#routed-path).
 */
export function loggedPath(request: FastifyRequest): string {
  const pattern = request.is404 ? undefined : request.routeOptions.url;
  return pattern ? pattern.replace(/:\w+/g, '[REDACTED]') : redactUrl(request.url);
}

/** The request id is the client's X-Request-Id when well formed, otherwise one in the same shape. */
export const genReqId: NonNullable<FastifyServerOptions['genReqId']> = (req) => {
  const header = req.headers['x-request-id'];
  return isRequestId(header)
    ? header
    : `${Date.now() - REQUEST_ID_EPOCH}:${randomInt(REQUEST_ID_RANDOM_BOUND + 1)}`;
};

/**
 * An onRequest hook: a client's X-Request-Id that genReqId did not take is logged as replaced, with its
 * length only: what was sent (a newline, a JSON fragment) never reaches the log as given.
 */
export async function logReplacedRequestId(request: FastifyRequest): Promise<void> {
  const header = request.headers['x-request-id'];
  if (header === undefined || header === request.id) return;
  request.log.warn(
    { requestIdReplaced: true, givenLength: String(header).length },
    'X-Request-Id not in the format of docs/behaviour.md#api-calls: replaced by a server-made id',
  );
}

/** What a route says of itself in its `config`: a built static file (webHosting). */
export interface RouteLogConfig {
  asset?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** RouteLogConfig's flag, typed on every route's config so that reading it needs no cast. */
    asset?: boolean;
  }
}

/** The level of a request's line: debug for a built static file, info for everything else. */
export function requestLogLevel(request: FastifyRequest): 'debug' | 'info' {
  return request.routeOptions.config?.asset === true ? 'debug' : 'info';
}

/** The onResponse hook: the request's one line, with its status and time. */
export async function logRequestCompleted(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.log[requestLogLevel(request)](
    { req: request, res: reply, responseTime: reply.elapsedTime },
    'request completed',
  );
}

/**
 * How log lines are written: JSON lines (one object each, for a supervisor's journal and `jq`) unless
 * stdout is a terminal, where pino-pretty makes them readable (a newcomer's `npm start`). pino-pretty runs
 * as a pino transport, in a worker thread: formatting costs the event loop nothing. Redaction happens
 * before either (docs/operations.md#logs).
 */
export function loggerOptions(
  config: Config,
  stream?: Writable,
  terminal: boolean = process.stdout.isTTY === true,
): FastifyServerOptions['logger'] {
  const pretty = !stream && terminal;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
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
        url: loggedPath(req),
        remoteAddress: req.ip,
        userAgent: req.headers['user-agent'],
      }),
    },
  };
}
