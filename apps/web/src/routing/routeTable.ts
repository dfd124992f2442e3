import { normalizePath, routePatterns, routes, type RouteName } from '@pre-admission/account/routes';
import type { MessageId } from '@pre-admission/i18n';
import { createElement, lazy, useState, type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';

export interface ScreenProps {
  token?: string;
}

export interface AppRoute {
  readonly name: RouteName;
  readonly path: string;
  /** The page's name in the document title. */
  readonly titleId: MessageId;
  /** The document title follows the screen's heading, which says how the page's action ended. */
  readonly titleFromHeading?: boolean;
  /** Route-level code splitting: each screen is its own chunk. */
  readonly Screen: ComponentType<ScreenProps>;
  /** Fetches the screen's chunk (once); the screen then renders without suspending. */
  readonly load: () => Promise<unknown>;
  /**
   * The build writes this page's HTML in both languages (apps/web/scripts/prerender.ts), so it paints
   * before any JavaScript runs. Only pages whose content does not depend on the session or a token.
   */
  readonly prerender?: boolean;
  /** The kit's module for this screen (`@pre-admission/account/<module>`), for the prerender's preload links. */
  readonly module: string;
}

const loaders: Array<() => Promise<unknown>> = [];

/**
 * A screen in its own chunk. Once the chunk is there (preloaded at idle, or before a prerendered page is
 * hydrated) a new mount renders the screen at once; before that, through React.lazy. Each mount keeps the
 * way it started, so a screen is never remounted and never loses what was typed. `atIdle: false` leaves
 * it out of the idle preloads (screenPreloads).
 */
export const screen = <Props extends object = ScreenProps>(
  importScreen: () => Promise<ComponentType<never>>,
  { atIdle = true }: { atIdle?: boolean } = {},
) => {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const load = () =>
    (loading ??= importScreen().then(
      (component) => (loaded = component as ComponentType<Props>),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await load() }));
  function Screen(props: Props) {
    const [Ready] = useState(() => loaded);
    return createElement(Ready ?? Lazy, props);
  }
  if (atIdle) loaders.push(load);
  return { Screen, load };
};

/**
 * Fetches every screen's chunk (about 15 kB gzip in all) when the browser is idle. A navigation runs in a
 * transition, which keeps the old page on screen until the new screen's chunk is there: without this, a
 * click on "Create an account" would leave the sign-in form up, typable, for a network round trip.
 */
export function screenPreloads(): Array<() => Promise<unknown>> {
  return loaders.map((load) => () => load().catch(() => undefined));
}

/** The route a path shows (case-insensitive, trailing slash tolerated), if any. */
export function routeFor(pathname: string): AppRoute | undefined {
  return appRoutes.find((route) =>
    matchPath({ path: route.path, caseSensitive: false, end: true }, pathname),
  );
}

/** Whether a path is /applications, which the app fills itself (applicationsRoute.ts). */
export const isApplicationsPath = (pathname: string): boolean =>
  normalizePath(pathname) === routes.applications;

/** Whether the build prerenders this path: its page is on screen before the session is known. */
export function isPrerenderedPath(pathname: string): boolean {
  // /applications: its loading state, for a visitor with a session cookie.
  return isApplicationsPath(pathname) || routeFor(pathname)?.prerender === true;
}

/** The routes of docs/behaviour.md#routes, but /applications, which the app fills itself. */
export const appRoutes: readonly AppRoute[] = [
  {
    name: 'signIn',
    prerender: true,
    path: routePatterns.signIn,
    titleId: 'app.title.signIn',
    module: 'SignIn',
    ...screen(async () => (await import('@pre-admission/account/SignIn')).SignIn),
  },
  {
    name: 'registrationRequest',
    prerender: true,
    path: routePatterns.registrationRequest,
    titleId: 'app.title.registrationRequest',
    module: 'RegistrationRequest',
    ...screen(async () => (await import('@pre-admission/account/RegistrationRequest')).RegistrationRequest),
  },
  {
    name: 'registrationRequestComplete',
    prerender: true,
    path: routePatterns.registrationRequestComplete,
    titleId: 'app.title.registrationRequestComplete',
    module: 'RegistrationRequestComplete',
    ...screen(
      async () =>
        (await import('@pre-admission/account/RegistrationRequestComplete')).RegistrationRequestComplete,
    ),
  },
  {
    name: 'registration',
    path: routePatterns.registration,
    titleId: 'app.title.registration',
    module: 'Registration',
    ...screen(async () => (await import('@pre-admission/account/Registration')).Registration),
  },
  {
    name: 'registrationComplete',
    prerender: true,
    path: routePatterns.registrationComplete,
    titleId: 'app.title.registrationComplete',
    module: 'RegistrationComplete',
    ...screen(async () => (await import('@pre-admission/account/RegistrationComplete')).RegistrationComplete),
  },
  {
    name: 'passwordResetRequest',
    prerender: true,
    path: routePatterns.passwordResetRequest,
    titleId: 'app.title.passwordResetRequest',
    module: 'PasswordResetRequest',
    ...screen(async () => (await import('@pre-admission/account/PasswordResetRequest')).PasswordResetRequest),
  },
  {
    name: 'passwordResetRequestComplete',
    prerender: true,
    path: routePatterns.passwordResetRequestComplete,
    titleId: 'app.title.passwordResetRequestComplete',
    module: 'PasswordResetRequestComplete',
    ...screen(
      async () =>
        (await import('@pre-admission/account/PasswordResetRequestComplete')).PasswordResetRequestComplete,
    ),
  },
  {
    name: 'passwordReset',
    path: routePatterns.passwordReset,
    titleId: 'app.title.passwordReset',
    module: 'PasswordReset',
    ...screen(async () => (await import('@pre-admission/account/PasswordReset')).PasswordReset),
  },
  {
    name: 'passwordResetComplete',
    prerender: true,
    path: routePatterns.passwordResetComplete,
    titleId: 'app.title.passwordResetComplete',
    module: 'PasswordResetComplete',
    ...screen(
      async () => (await import('@pre-admission/account/PasswordResetComplete')).PasswordResetComplete,
    ),
  },
  {
    name: 'emailChangeRequest',
    path: routePatterns.emailChangeRequest,
    titleId: 'app.title.emailChangeRequest',
    module: 'EmailChangeRequest',
    ...screen(async () => (await import('@pre-admission/account/EmailChangeRequest')).EmailChangeRequest),
  },
  {
    name: 'emailChangeRequestComplete',
    path: routePatterns.emailChangeRequestComplete,
    titleId: 'app.title.emailChangeRequestComplete',
    module: 'EmailChangeRequestComplete',
    ...screen(
      async () =>
        (await import('@pre-admission/account/EmailChangeRequestComplete')).EmailChangeRequestComplete,
    ),
  },
  {
    name: 'emailChangeActivation',
    path: routePatterns.emailChangeActivation,
    titleId: 'app.title.emailChangeActivation',
    titleFromHeading: true,
    module: 'EmailChangeActivation',
    ...screen(
      async () => (await import('@pre-admission/account/EmailChangeActivation')).EmailChangeActivation,
    ),
  },
  {
    name: 'passwordChange',
    path: routePatterns.passwordChange,
    titleId: 'app.title.passwordChange',
    module: 'PasswordChange',
    ...screen(async () => (await import('@pre-admission/account/PasswordChange')).PasswordChange),
  },
  {
    name: 'passwordChangeComplete',
    prerender: true,
    path: routePatterns.passwordChangeComplete,
    titleId: 'app.title.passwordChangeComplete',
    module: 'PasswordChangeComplete',
    ...screen(
      async () => (await import('@pre-admission/account/PasswordChangeComplete')).PasswordChangeComplete,
    ),
  },
  {
    name: 'privacy',
    prerender: true,
    path: routePatterns.privacy,
    titleId: 'app.title.privacy',
    module: 'Privacy',
    ...screen(async () => (await import('@pre-admission/account/Privacy')).Privacy),
  },
];
