/**
 * The route table of docs/behaviour.md#routes: every path of the site, once, with who may see it and whether
 * the build prerenders it. React-free, so that the server reads it too (apps/api: its page choice, its log
 * redaction, its mail links); the web app adds each route's screen and title (apps/web/src/routing/screens.ts),
 * keyed by the names here. No path is written anywhere else (routes.test.ts greps the sources).
 */

/**
 * Who sees a route (docs/behaviour.md#routes, Redirects):
 * - `public`: the signed-out visitor's page; a signed-in one is sent to /applications.
 * - `signedIn`: signed in only; a signed-out or terminated visitor is sent to /.
 * - `token`: a page opened from a mail's link, whatever the session: its last segment is a token, which
 *   never reaches a log (apps/api's requestLog.ts).
 * - `either`: anyone, signed in or not.
 */
export type Access = 'public' | 'signedIn' | 'token' | 'either';

/**
 * Whose first paint the build writes as HTML (apps/web/scripts/prerender.ts), so that it is on screen while
 * the session loads: `signedOut` is sent to a visitor without a session cookie, `signedIn` (the page's loading
 * state) to one with it (apps/api's webPages.ts). Without it, the page waits for the session.
 */
export type Prerender = 'signedOut' | 'signedIn';

export interface RouteSpec {
  /** The router pattern (react-router syntax); a token route ends in `:token`, a parametrised one in `:<name>`. */
  readonly path: string;
  readonly access: Access;
  readonly prerender?: Prerender;
}

export const routeTable = {
  signIn: { path: '/', access: 'public', prerender: 'signedOut' },
  applications: { path: '/applications', access: 'signedIn', prerender: 'signedIn' },
  /**
   * One task of the planner (docs/behaviour.md#planner, Task addresses): /applications/kind, …/summary, so
   * that Back, Forward and a reload keep the open task. Not prerendered: a reload shows the loading
   * indicator until the session is known, then the task.
   */
  applicationsTask: { path: '/applications/:task', access: 'signedIn' },
  /**
   * One page of an application (docs/behaviour.md#routes, Applications): /applications/{applicationId}/{page},
   * a section (`personal`, …), `check` or `receipt`. The application's own task list is
   * /applications/{applicationId}, the shape of a planner task: the screen tells an id (22 characters of
   * base64url) from a task's name.
   */
  applicationPage: { path: '/applications/:applicationId/:page', access: 'signedIn' },
  registrationRequest: { path: '/registrations-request', access: 'either', prerender: 'signedOut' },
  registrationRequestComplete: {
    path: '/registrations-request-complete',
    access: 'either',
    prerender: 'signedOut',
  },
  registration: { path: '/registrations/:token', access: 'token' },
  registrationComplete: { path: '/registrations-complete', access: 'either', prerender: 'signedOut' },
  passwordResetRequest: { path: '/password-reset-request', access: 'either', prerender: 'signedOut' },
  passwordResetRequestComplete: {
    path: '/password-reset-request-complete',
    access: 'either',
    prerender: 'signedOut',
  },
  passwordReset: { path: '/password-reset/:token', access: 'token' },
  passwordResetComplete: { path: '/password-reset-complete', access: 'either', prerender: 'signedOut' },
  emailChangeRequest: { path: '/email-change-request', access: 'signedIn' },
  emailChangeRequestComplete: { path: '/email-change-request-complete', access: 'signedIn' },
  emailChangeActivation: { path: '/change-email-requests/:token', access: 'token' },
  passwordChange: { path: '/password-change', access: 'signedIn' },
  passwordChangeComplete: { path: '/password-change-complete', access: 'either', prerender: 'signedOut' },
  /** Passkeys and the authenticator app (docs/security.md#passkeys, #second-factor). */
  signInSecurity: { path: '/sign-in-and-security', access: 'signedIn' },
  /** The applicant's own copy of everything held about the account (docs/behaviour.md#your-data). */
  accountData: { path: '/your-data', access: 'signedIn' },
  /**
   * After the applicant's own deletion (docs/behaviour.md#delete-account): it is done, and signed out. Not
   * prerendered: only the deletion's own navigation opens it.
   */
  accountDeleted: { path: '/account-deleted', access: 'either' },
  privacy: { path: '/privacy', access: 'either', prerender: 'signedOut' },
  /**
   * The second step of a password sign-in (docs/security.md#second-factor). Not prerendered: its methods
   * come from the sign-in's answer, kept in the tab's sessionStorage.
   */
  signInSecondStep: { path: '/sign-in/second-step', access: 'public' },
} as const satisfies Record<string, RouteSpec>;

type Table = typeof routeTable;
export type RouteName = keyof Table;
/** The routes whose last segment is a token: the pages a mail links to. */
export type TokenRouteName = { [K in RouteName]: Table[K]['access'] extends 'token' ? K : never }[RouteName];

export const routeNames = Object.keys(routeTable) as RouteName[];

/** A route's entry as a `RouteSpec` (every field readable, whatever the route sets). */
export const routeSpec = (name: RouteName): RouteSpec => routeTable[name];

/** A route's parameter (`:token`, `:task`, `:applicationId`). */
const PARAMETER = /\/:[a-z]+/gi;

/** The routes with parameters: a token, a planner task, an application's page. */
type ParametrisedRouteName = {
  [K in RouteName]: Table[K]['path'] extends `${string}/:${string}` ? K : never;
}[RouteName];

/** A path's parameters, in order, as a tuple of strings (`[applicationId: string, page: string]`). */
type ParametersOf<Path extends string> = Path extends `${string}/:${string}/${infer Rest}`
  ? [string, ...ParametersOf<`/${Rest}`>]
  : Path extends `${string}/:${string}`
    ? [string]
    : [];

/**
 * Each route as the screens navigate to it: a plain path, or for a route with parameters (a token, a planner
 * task, an application and its page) a function of their values, in order, each encoded. Derived from
 * `routeTable`.
 */
export const routes = Object.fromEntries(
  routeNames.map((name) => {
    const { path } = routeTable[name];
    if (!path.includes('/:')) return [name, path];
    return [
      name,
      (...values: string[]) => {
        let at = 0;
        return path.replace(PARAMETER, () => `/${encodeURIComponent(values[at++] ?? '')}`);
      },
    ];
  }),
) as {
  readonly [K in RouteName]: K extends ParametrisedRouteName
    ? (...values: ParametersOf<Table[K]['path']>) => string
    : Table[K]['path'];
};

/** Every route as a router pattern (react-router syntax), keyed like `routes`. */
export const routePatterns = Object.fromEntries(routeNames.map((name) => [name, routeTable[name].path])) as {
  readonly [K in RouteName]: Table[K]['path'];
};

/**
 * Route matching is case-insensitive and tolerates a trailing slash (docs/behaviour.md#routes): the form a
 * path is matched in. The app's router and the server's choice of page (and of its 404) both use this one.
 */
export function normalizePath(path: string): string {
  const lower = path.toLowerCase();
  // One trailing slash, not several, and no empty segment: `/privacy//` and `//` are no route (issue 27
  // defect 6), as the server and the app's router say too.
  if (lower.includes('//')) return lower;
  const trimmed = lower.length > 1 ? lower.replace(/\/$/, '') : lower;
  return trimmed === '' ? '/' : trimmed;
}

export interface RouteMatch {
  readonly name: RouteName;
  readonly route: RouteSpec;
}

/** The route a path (under the base path) shows, if any: case-insensitive, a trailing slash tolerated. */
const applicationIdForm = /^[A-Za-z0-9_-]{22}$/;
/**
 * The form a parameter must have for its route to match, where it has one: an application's id is 22
 * characters of base64url (openapi.yaml OpaqueId), so /applications/x/y is no route (404), not an application.
 */
const parameterForms: Readonly<Record<string, RegExp>> = { applicationId: applicationIdForm };

/**
 * Whether a segment has the form of an application's id (22 characters of base64url): /applications/{x} is
 * then an application's task list, not a task of the plan (whose names are short lower-case words).
 */
export const isApplicationId = (segment: string): boolean => applicationIdForm.test(segment);

export function matchRoute(path: string): RouteMatch | undefined {
  const given = normalizePath(path).split('/');
  const name = routeNames.find((candidate) => {
    const pattern = routeTable[candidate].path.split('/');
    return (
      pattern.length === given.length &&
      pattern.every((segment, i) => {
        const value = given[i] ?? '';
        if (!segment.startsWith(':')) return segment === value;
        return value !== '' && (parameterForms[segment.slice(1)]?.test(value) ?? true);
      })
    );
  });
  return name === undefined ? undefined : { name, route: routeSpec(name) };
}

/**
 * The first segments of the routes a signed-out visitor may open (docs/behaviour.md#routes, Redirects): a
 * path whose first segment starts with one of them is theirs too (so /registrations-request and
 * /registrations/{token} both count, and so does a mistyped /privacy-extra, which shows Not Found).
 */
export const signedOutSegments: readonly string[] = routeNames
  .map(routeSpec)
  .filter((route) => route.access !== 'signedIn' && route.path !== '/')
  .map((route) => route.path.split('/')[1] ?? '');

/** The segment before the token of each token route (`registrations` of /registrations/:token). */
export const tokenSegments: readonly string[] = routeNames
  .map(routeSpec)
  .filter((route) => route.access === 'token')
  .map((route) => route.path.split('/').at(-2) ?? '');

/**
 * Where an account that must add a second factor is sent (docs/security.md#second-factor): the Sign-in and
 * security page.
 */
export const secondFactorRoute = routes.signInSecurity;
