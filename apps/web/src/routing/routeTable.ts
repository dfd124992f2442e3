import { routePatterns, type RouteName } from '@pre-admission/account/routes';
import type { MessageId } from '@pre-admission/i18n';
import { lazy, type ComponentType } from 'react';

export interface ScreenProps {
  token?: string;
}

export interface AppRoute {
  readonly name: RouteName;
  readonly path: string;
  /** The page's name in the document title. */
  readonly titleId: MessageId;
  /** Route-level code splitting: each screen is its own chunk. */
  readonly Screen: ComponentType<ScreenProps>;
}

const loaders: Array<() => Promise<unknown>> = [];

const screen = <Props extends object>(load: () => Promise<ComponentType<Props>>) => {
  loaders.push(load);
  return lazy(async () => ({ default: (await load()) as ComponentType<ScreenProps> }));
};

/**
 * Fetches every screen's chunk (about 15 kB gzip in all) when the browser is idle. A navigation runs in a
 * transition, which keeps the old page on screen until the new screen's chunk is there: without this, a
 * click on "Create an account" would leave the sign-in form up, typable, for a network round trip.
 */
export function preloadScreens(): void {
  for (const load of loaders) void load().catch(() => undefined);
}

/** Spec 2's routes, but /applications, which the app fills itself. */
export const appRoutes: readonly AppRoute[] = [
  {
    name: 'signIn',
    path: routePatterns.signIn,
    titleId: 'app.title.signIn',
    Screen: screen(async () => (await import('@pre-admission/account/SignIn')).SignIn),
  },
  {
    name: 'registrationRequest',
    path: routePatterns.registrationRequest,
    titleId: 'app.title.registrationRequest',
    Screen: screen(
      async () => (await import('@pre-admission/account/RegistrationRequest')).RegistrationRequest,
    ),
  },
  {
    name: 'registrationRequestComplete',
    path: routePatterns.registrationRequestComplete,
    titleId: 'app.title.registrationRequestComplete',
    Screen: screen(
      async () =>
        (await import('@pre-admission/account/RegistrationRequestComplete')).RegistrationRequestComplete,
    ),
  },
  {
    name: 'registration',
    path: routePatterns.registration,
    titleId: 'app.title.registration',
    Screen: screen(async () => (await import('@pre-admission/account/Registration')).Registration),
  },
  {
    name: 'registrationComplete',
    path: routePatterns.registrationComplete,
    titleId: 'app.title.registrationComplete',
    Screen: screen(
      async () => (await import('@pre-admission/account/RegistrationComplete')).RegistrationComplete,
    ),
  },
  {
    name: 'passwordResetRequest',
    path: routePatterns.passwordResetRequest,
    titleId: 'app.title.passwordResetRequest',
    Screen: screen(
      async () => (await import('@pre-admission/account/PasswordResetRequest')).PasswordResetRequest,
    ),
  },
  {
    name: 'passwordResetRequestComplete',
    path: routePatterns.passwordResetRequestComplete,
    titleId: 'app.title.passwordResetRequestComplete',
    Screen: screen(
      async () =>
        (await import('@pre-admission/account/PasswordResetRequestComplete')).PasswordResetRequestComplete,
    ),
  },
  {
    name: 'passwordReset',
    path: routePatterns.passwordReset,
    titleId: 'app.title.passwordReset',
    Screen: screen(async () => (await import('@pre-admission/account/PasswordReset')).PasswordReset),
  },
  {
    name: 'passwordResetComplete',
    path: routePatterns.passwordResetComplete,
    titleId: 'app.title.passwordResetComplete',
    Screen: screen(
      async () => (await import('@pre-admission/account/PasswordResetComplete')).PasswordResetComplete,
    ),
  },
  {
    name: 'emailChangeRequest',
    path: routePatterns.emailChangeRequest,
    titleId: 'app.title.emailChangeRequest',
    Screen: screen(
      async () => (await import('@pre-admission/account/EmailChangeRequest')).EmailChangeRequest,
    ),
  },
  {
    name: 'emailChangeRequestComplete',
    path: routePatterns.emailChangeRequestComplete,
    titleId: 'app.title.emailChangeRequestComplete',
    Screen: screen(
      async () =>
        (await import('@pre-admission/account/EmailChangeRequestComplete')).EmailChangeRequestComplete,
    ),
  },
  {
    name: 'emailChangeActivation',
    path: routePatterns.emailChangeActivation,
    titleId: 'app.title.emailChangeActivation',
    Screen: screen(
      async () => (await import('@pre-admission/account/EmailChangeActivation')).EmailChangeActivation,
    ),
  },
  {
    name: 'passwordChange',
    path: routePatterns.passwordChange,
    titleId: 'app.title.passwordChange',
    Screen: screen(async () => (await import('@pre-admission/account/PasswordChange')).PasswordChange),
  },
  {
    name: 'passwordChangeComplete',
    path: routePatterns.passwordChangeComplete,
    titleId: 'app.title.passwordChangeComplete',
    Screen: screen(
      async () => (await import('@pre-admission/account/PasswordChangeComplete')).PasswordChangeComplete,
    ),
  },
  {
    name: 'privacy',
    path: routePatterns.privacy,
    titleId: 'app.title.privacy',
    Screen: screen(async () => (await import('@pre-admission/account/Privacy')).Privacy),
  },
];
