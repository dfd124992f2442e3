import type {
  activateEmailChangeFailures,
  changePasswordFailures,
  currentSessionFailures,
  FailureOf,
  FailureTable,
  finishRegistrationFailures,
  requestEmailChangeFailures,
  requestPasswordResetFailures,
  requestRegistrationFailures,
  signInFailures,
  tokenFailures,
} from '@pre-admission/api';
import type { MessageId } from '@pre-admission/i18n';
import { routes } from '../routes';

/**
 * What the applicant sees for one failure of the adapter (docs/behaviour.md#error-catalogue):
 * - `field`: the message on a form field (and in the error summary, which takes focus);
 * - `invalidLink`: the alert 'URL is invalid', whose OK returns to `/`, offering a new link;
 * - `sessionLost`: the session is gone; the app is told, and the screen goes to `/`;
 * - `toast`: the error toast (6 s, closable);
 * - `rateLimited`: a message in the error summary with the wait from Retry-After;
 * - `logged`: docs/behaviour.md#error-catalogue says "only logged": logged, plus a short error toast so nothing fails silently.
 */
export type Presentation =
  | { readonly kind: 'field'; readonly field: string; readonly message: MessageId }
  | { readonly kind: 'invalidLink' }
  | { readonly kind: 'sessionLost'; readonly to: string }
  | { readonly kind: 'toast'; readonly title: MessageId; readonly text: MessageId }
  | { readonly kind: 'rateLimited' }
  | { readonly kind: 'logged'; readonly title: MessageId; readonly text: MessageId };

/** One presentation for every failure code of an operation's table: a missing code is a type error. */
export type Catalogue<Table extends FailureTable> = {
  readonly [
    Failure in FailureOf<Table> extends { failure: infer Code extends string } ? Code : never
  ]: Presentation;
};

const generic = { title: 'account.error.generic.title', text: 'account.error.generic.text' } as const;

/** Sign in: 404 → email 'account not found'; 403 → password 'password is incorrect'. */
export const signInCatalogue = {
  accountNotFound: { kind: 'field', field: 'email', message: 'account.error.accountNotFound' },
  wrongPassword: { kind: 'field', field: 'password', message: 'account.error.wrongPassword' },
  rateLimited: { kind: 'rateLimited' },
} as const satisfies Catalogue<typeof signInFailures>;

/** Registration request: 409 → email 'already registered email address'; other errors go on to the app. */
export const requestRegistrationCatalogue = {
  emailAlreadyRegistered: { kind: 'field', field: 'email', message: 'account.error.emailAlreadyRegistered' },
  rateLimited: { kind: 'rateLimited' },
} as const satisfies Catalogue<typeof requestRegistrationFailures>;

/** Registration and reset token reads: 404 → the alert 'URL is invalid' and `/`; other errors only logged. */
export const tokenReadCatalogue = {
  invalidToken: { kind: 'invalidLink' },
} as const satisfies Catalogue<typeof tokenFailures>;

/** Registration finish: errors only logged (docs/behaviour.md#error-catalogue), with a short toast. */
export const finishRegistrationCatalogue = {
  invalidToken: { kind: 'logged', title: generic.title, text: 'account.error.linkUsed' },
  emailAlreadyRegistered: {
    kind: 'logged',
    title: generic.title,
    text: 'account.error.emailAlreadyRegistered',
  },
} as const satisfies Catalogue<typeof finishRegistrationFailures>;

/** Password reset request: 404 → email 'email address not found'. */
export const requestPasswordResetCatalogue = {
  emailNotFound: { kind: 'field', field: 'email', message: 'account.error.emailNotFound' },
  rateLimited: { kind: 'rateLimited' },
} as const satisfies Catalogue<typeof requestPasswordResetFailures>;

/** Password reset finish: errors only logged (docs/behaviour.md#error-catalogue), with a short toast. */
export const finishPasswordResetCatalogue = {
  invalidToken: { kind: 'logged', title: generic.title, text: 'account.error.linkUsed' },
} as const satisfies Catalogue<typeof tokenFailures>;

/** Password change: 404 → `/`; 409 → currentPassword 'password is incorrect'. */
export const changePasswordCatalogue = {
  noSession: { kind: 'sessionLost', to: routes.signIn },
  wrongPassword: { kind: 'field', field: 'currentPassword', message: 'account.error.wrongPassword' },
  rateLimited: { kind: 'rateLimited' },
} as const satisfies Catalogue<typeof changePasswordFailures>;

/** Email change request: 404 → `/`; 409 → the toast 'failed to change email address' / 'already in use'. */
export const requestEmailChangeCatalogue = {
  noSession: { kind: 'sessionLost', to: routes.signIn },
  emailInUse: { kind: 'toast', title: 'account.error.emailChangeFailed', text: 'account.error.emailInUse' },
  rateLimited: { kind: 'rateLimited' },
} as const satisfies Catalogue<typeof requestEmailChangeFailures>;

/** Email change activation: errors only logged (docs/behaviour.md#error-catalogue), with a short toast. */
export const activateEmailChangeCatalogue = {
  invalidToken: { kind: 'logged', title: 'account.error.emailChangeFailed', text: 'account.error.linkUsed' },
  emailInUse: { kind: 'logged', title: 'account.error.emailChangeFailed', text: 'account.error.emailInUse' },
} as const satisfies Catalogue<typeof activateEmailChangeFailures>;

/** The generic toast of an "only logged" failure the adapter does not name (a 500, say). */
export const unnamedLoggedFailure = { kind: 'logged', ...generic } as const satisfies Presentation;

/**
 * The current-session check (docs/behaviour.md#session, #error-catalogue): 403 → terminated, so sign-in shows 'session was disconnected';
 * 401 → signed out. The app owns the session; this is the mapping it and the stories share.
 */
export const currentSessionCatalogue = {
  signedOut: 'signedOut',
  terminated: 'terminated',
} as const satisfies { readonly [Failure in FailureOf<typeof currentSessionFailures>['failure']]: string };
