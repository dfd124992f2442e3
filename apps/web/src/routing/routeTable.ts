import { routeTable, type RouteName, type RouteSpec } from '@pre-admission/account/routes';
import { loadMessageParts, type MessageId, type MessagePart } from '@pre-admission/i18n';
import { createElement, lazy, useState, type ComponentType } from 'react';

export interface ScreenProps {
  token?: string;
}

/** A route of `@pre-admission/account/routes` with what the app adds to it: its screen and its title. */
export interface AppRoute extends RouteSpec {
  readonly name: RouteName;
  /** The page's name in the document title, and its heading while the screen loads (layout/PendingPage). */
  readonly titleId: MessageId;
  /**
   * The heading while the screen loads, where the page works as it opens (a token page: the link is checked,
   * the change made): what is happening, the same words the screen's own pending state uses, so the page never
   * names an outcome before the server has answered (issue 27, defect 2). Without it, `titleId`.
   */
  readonly pendingTitleId?: MessageId;
  /** The document title follows the screen's heading, which says how the page's action ended. */
  readonly titleFromHeading?: boolean;
  /** Route-level code splitting: each screen is its own chunk. */
  readonly Screen: ComponentType<ScreenProps>;
  /** Fetches the screen's chunk (once); the screen then renders without suspending. */
  readonly load: () => Promise<unknown>;
  /** The kit's module for this screen (`@pre-admission/account/<module>`), for the prerender's preload links. */
  readonly module: string;
}

/**
 * A screen in its own chunk. Once the chunk is there (prefetched when a link to it came into view or was about
 * to be followed, one step ahead of the page at idle, or before a prerendered page is hydrated) a new mount
 * renders the screen at once; before that, through React.lazy. Each mount keeps the way it started, so a
 * screen is never remounted and never loses what was typed. A navigation runs in a transition, which keeps
 * the old page on screen until the new screen's chunk is there: the prefetch (routing/prefetchOnIntent.ts,
 * startup/idleWork.ts) saves that round trip.
 */
export const screen = <Props extends object = ScreenProps>(
  importScreen: () => Promise<ComponentType<never>>,
  /** The message parts the screen shows (@pre-admission/i18n's bundles/parts.json), fetched with its chunk. */
  messageParts: readonly MessagePart[] = [],
) => {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const load = () =>
    (loading ??= Promise.all([importScreen(), loadMessageParts(messageParts)]).then(
      ([component]) => (loaded = component as ComponentType<Props>),
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
  return { Screen, load, messageParts };
};

/**
 * The routes the app fills itself, with the planner: its task list and its tasks, and an application's pages
 * (applicationsRoute.ts).
 */
type AppFilledRoute = 'applications' | 'applicationsTask' | 'applicationPage';
type AccountRouteName = Exclude<RouteName, AppFilledRoute>;

type AccountScreen = ReturnType<typeof screen> & {
  readonly titleFromHeading?: boolean;
  readonly pendingTitleId?: MessageId;
};

/** A token page: checking the link, then the screen's heading (and the tab's title with it). */
const checkingLink = { pendingTitleId: 'account.tokenPage.checking', titleFromHeading: true } as const;

/**
 * The screen of each route of the kit, keyed by its name in `routeTable`: a route without one (or a screen
 * without a route) does not typecheck. Each screen's module and export are named as its route (`signIn` →
 * `@pre-admission/account/SignIn`'s `SignIn`), its title is `app.title.<name>`.
 */
export const accountScreens = {
  signIn: screen(async () => (await import('@pre-admission/account/SignIn')).SignIn),
  registrationRequest: screen(
    async () => (await import('@pre-admission/account/RegistrationRequest')).RegistrationRequest,
  ),
  registrationRequestComplete: screen(
    async () =>
      (await import('@pre-admission/account/RegistrationRequestComplete')).RegistrationRequestComplete,
    ['mail'],
  ),
  registration: {
    ...screen(async () => (await import('@pre-admission/account/Registration')).Registration, ['mail']),
    ...checkingLink,
  },
  registrationComplete: screen(
    async () => (await import('@pre-admission/account/RegistrationComplete')).RegistrationComplete,
  ),
  passwordResetRequest: screen(
    async () => (await import('@pre-admission/account/PasswordResetRequest')).PasswordResetRequest,
  ),
  passwordResetRequestComplete: screen(
    async () =>
      (await import('@pre-admission/account/PasswordResetRequestComplete')).PasswordResetRequestComplete,
    ['mail'],
  ),
  passwordReset: {
    ...screen(async () => (await import('@pre-admission/account/PasswordReset')).PasswordReset, ['mail']),
    ...checkingLink,
  },
  passwordResetComplete: screen(
    async () => (await import('@pre-admission/account/PasswordResetComplete')).PasswordResetComplete,
  ),
  // The "Confirm it is you" dialog's words are the security part's (docs/security.md#recent-sign-in).
  emailChangeRequest: screen(
    async () => (await import('@pre-admission/account/EmailChangeRequest')).EmailChangeRequest,
    ['security'],
  ),
  emailChangeRequestComplete: screen(
    async () =>
      (await import('@pre-admission/account/EmailChangeRequestComplete')).EmailChangeRequestComplete,
    ['mail'],
  ),
  emailChangeActivation: {
    ...screen(
      async () => (await import('@pre-admission/account/EmailChangeActivation')).EmailChangeActivation,
      ['mail'],
    ),
    pendingTitleId: 'account.emailChangeActivation.title',
    titleFromHeading: true,
  },
  passwordChange: screen(
    async () => (await import('@pre-admission/account/PasswordChange')).PasswordChange,
    ['security'],
  ),
  passwordChangeComplete: screen(
    async () => (await import('@pre-admission/account/PasswordChangeComplete')).PasswordChangeComplete,
  ),
  privacy: screen(async () => (await import('@pre-admission/account/Privacy')).Privacy, ['privacy']),
  signInSecurity: screen(
    async () => (await import('@pre-admission/account/SignInSecurity')).SignInSecurity,
    ['security'],
  ),
  accountData: screen(
    async () => (await import('@pre-admission/account/AccountData')).AccountData,
    ['security'],
  ),
  accountDeleted: screen(
    async () => (await import('@pre-admission/account/AccountDeleted')).AccountDeleted,
    ['security'],
  ),
  signInSecondStep: screen(
    async () => (await import('@pre-admission/account/SignInSecondStep')).SignInSecondStep,
    ['secondStep'],
  ),
} satisfies Record<AccountRouteName, AccountScreen>;

/**
 * The page's title (and pending heading) of a route: `app.title.<name>` (a planner task's is the planner's, an
 * application page's `app.title.application`).
 */
export const titleIdOf = (name: Exclude<RouteName, 'applicationsTask' | 'applicationPage'>): MessageId =>
  `app.title.${name}`;

/** The routes of docs/behaviour.md#routes with their screens, but the planner's (applicationsRoute.ts). */
export const appRoutes: readonly AppRoute[] = (Object.keys(accountScreens) as AccountRouteName[]).map(
  (name) => {
    const entry: AccountScreen = accountScreens[name];
    return {
      ...routeTable[name],
      name,
      titleId: titleIdOf(name),
      module: `${name.charAt(0).toUpperCase()}${name.slice(1)}`,
      ...entry,
    };
  },
);
