// What every route module receives: configuration, clock, database, contract and mailer.
import type { MaintenanceSchedule } from './platform/maintenance.ts';
import type { PeriodSchedule } from './application/periods.ts';
import { routes, type TokenRouteName } from '@pre-admission/account/routes';
import { acceptedLanguages, chooseLocale, readLocaleCookie, type Locale } from '@pre-admission/i18n/choice';
import type { operations as applicantOperations } from '@pre-admission/api/schema';
import type { operations as staffOperations } from '@pre-admission/api/staff-schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import type { Contract, OperationId } from './platform/contract.ts';
import type { Database } from './platform/db.ts';
import type { Mailer } from './mail/outbox.ts';
import type { Metrics } from './platform/metrics.ts';
import type { PasswordHasher } from './account/passwords.ts';
import { applicantRealm, perRealm, type Realm } from './account/realm.ts';
import { sessionsIn, type LiveSession } from './account/sessions.ts';

export const SESSION_COOKIE = applicantRealm.cookies.session;

export interface Services {
  config: Config;
  clock: Clock;
  db: Database;
  contract: Contract;
  mailer: Mailer;
  passwords: PasswordHasher;
  metrics: Metrics;
  /** The desk's maintenance stops (MAINTENANCE_FILE), read again when the file changes. */
  maintenance: MaintenanceSchedule;
  /** The application periods (PERIODS_FILE), read again when the file changes. */
  periods: PeriodSchedule;
}

/** The operations of both contract files (platform/contract.ts), by operationId. */
type operations = applicantOperations & staffOperations;

type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/**
 * What a request of operation K carries, from the generated `operations` of openapi.yaml. Typing the body from
 * the contract is honest because the contract checks it: apiRoutes.ts validates every body against its
 * schema before the handler runs (a 400 otherwise; contract.ts compiles the schemas). Path parameters are
 * the router's strings, which is what their generated types say. The one query (getReferenceLists' `names`)
 * stays unknown: its handler checks it (routes/referenceData.ts). Headers keep Fastify's own type (the
 * contract does not check them at run time).
 */
export interface RouteTypes<K extends OperationId> {
  Body: operations[K] extends { requestBody: infer Request } ? JsonOf<Request> : unknown;
  Params: operations[K]['parameters'] extends { path: infer Path } ? Path : unknown;
}

/**
 * The JSON body of operation K's 200, which a handler may return. What it sends through `reply` (other
 * statuses; the reference lists' stored JSON, sent as it is) is left to the response validation in
 * apiRoutes.ts: a per-status reply type would not admit the lists' preserialised bodies.
 */
type Ok<K extends OperationId> = 200 extends keyof operations[K]['responses']
  ? JsonOf<operations[K]['responses'][200]>
  : never;

export type Handler<K extends OperationId = OperationId> = (
  request: FastifyRequest<RouteTypes<K>>,
  reply: FastifyReply,
) => Promise<Ok<K> | FastifyReply>;
export type Handlers<K extends OperationId = OperationId> = { [Op in K]: Handler<Op> };

/**
 * A handler as the route table registers it. apiRoutes.ts runs validateRequest before it, which is what makes
 * the operation's own Handler type true of the request; this is the one place the types meet.
 */
export type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export type SessionLookup =
  | { state: 'none' }
  | { state: 'invalid'; sessionId: string }
  | ({ state: 'valid'; sessionId: string } & LiveSession);

/**
 * A realm's session cookie (account/realm.ts): its name, reading it, setting and clearing it. The plain
 * exports below are the applicant's; the staff's routes take `sessionCookiesIn(staffRealm)`.
 */
export const sessionCookiesIn = perRealm((realm: Realm) => {
  const bare = realm.cookies.session;
  /**
   * The cookie's name: `__Host-` prefixed when the site is served over https (the browser then accepts it
   * only Secure, with Path=/ and no Domain, so neither a sibling subdomain nor a plain-http page can plant or
   * shadow it). Plain http (localhost) keeps the bare name: browsers refuse `__Host-` cookies without Secure.
   * docs/security.md#the-session-cookie
   */
  const sessionCookieName = (config: Config): string =>
    config.publicUrl.startsWith('https:') ? `__Host-${bare}` : bare;
  const cookieOptions = (services: Services, request: FastifyRequest) => ({
    // `__Host-` requires Path=/; over https the cookie is therefore the origin's, whatever BASE_PATH is.
    path: sessionCookieName(services.config) !== bare ? '/' : services.config.basePath || '/',
    httpOnly: true,
    sameSite: realm.sameSite,
    secure: request.protocol === 'https' || services.config.publicUrl.startsWith('https:'),
  });
  /** The session id the request carries, if any. */
  const sessionCookieOf = (services: Services, request: FastifyRequest): string | undefined =>
    request.cookies[sessionCookieName(services.config)];
  return {
    sessionCookieName,
    sessionCookieOf,

    setSessionCookie(services: Services, request: FastifyRequest, reply: FastifyReply, id: string): void {
      reply.setCookie(sessionCookieName(services.config), id, {
        ...cookieOptions(services, request),
        maxAge: Math.floor(realm.lifetimes(services.config).session / 1000),
      });
    },

    clearSessionCookie(services: Services, request: FastifyRequest, reply: FastifyReply): void {
      reply.clearCookie(sessionCookieName(services.config), cookieOptions(services, request));
    },

    /**
     * The request's session. Every call the account makes extends it (the idle end moves to now plus the idle
     * time): pass `extend: false` only for the app's own session check, which must not keep an idle session
     * alive (docs/security.md#session-timeout).
     */
    async lookupSession(
      services: Services,
      request: FastifyRequest,
      { extend = true }: { extend?: boolean } = {},
    ): Promise<SessionLookup> {
      const sessionId = sessionCookieOf(services, request);
      if (!sessionId) return { state: 'none' };
      const live = await sessionsIn(realm).liveSession(services.db, services, sessionId, { extend });
      return live ? { state: 'valid', sessionId, ...live } : { state: 'invalid', sessionId };
    },
  };
});

export const { sessionCookieName, sessionCookieOf, setSessionCookie, clearSessionCookie, lookupSession } =
  sessionCookiesIn(applicantRealm);

/** The link a mail carries: PUBLIC_URL + base path + the token route of the route table (docs/behaviour.md#routes). */
export function publicLink(services: Services, route: TokenRouteName, token: string): string {
  return `${services.config.publicUrl}${services.config.basePath}${routes[route](token)}`;
}

/**
 * The language of the request as the site shows it: the language switch's cookie, else the browser's first of
 * Japanese or English, else Japanese (docs/behaviour.md: the same choice as the pages'). The mails an action
 * leads to are written in it.
 */
export const requestLocale = (request: FastifyRequest): Locale =>
  chooseLocale(
    readLocaleCookie(request.headers.cookie),
    acceptedLanguages(request.headers['accept-language']),
  );
