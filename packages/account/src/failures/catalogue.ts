import type {
  activateEmailChangeFailures,
  changePasswordFailures,
  currentSessionFailures,
  FailureOf,
  FailureTable,
  finishPasswordResetFailures,
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

/** A message on one form field. */
const onField = <const Field extends string, const Message extends MessageId>(
  field: Field,
  message: Message,
) => ({ kind: 'field', field, message }) as const;
/** An "only logged" failure's short toast. */
const logged = <const Title extends MessageId, const Text extends MessageId>(title: Title, text: Text) =>
  ({ kind: 'logged', title, text }) as const;
const rateLimited = { kind: 'rateLimited' } as const;
/** The session is gone: to `/`. */
const sessionLost = { kind: 'sessionLost', to: routes.signIn } as const;

/** One presentation for every failure code of an operation's table: a missing code is a type error. */
export type Catalogue<Table extends FailureTable> = {
  readonly [
    Failure in FailureOf<Table> extends { failure: infer Code extends string } ? Code : never
  ]: Presentation;
};

const generic = { title: 'account.error.generic.title', text: 'account.error.generic.text' } as const;

/** Sign in: 404 → email 'account not found'; 403 → password 'password is incorrect'. */
export const signInCatalogue = {
  accountNotFound: onField('email', 'account.error.accountNotFound'),
  wrongPassword: onField('password', 'account.error.wrongPassword'),
  rateLimited,
} as const satisfies Catalogue<typeof signInFailures>;

/** Registration request: 409 → email 'already registered email address'; other errors go on to the app. */
export const requestRegistrationCatalogue = {
  emailAlreadyRegistered: onField('email', 'account.error.emailAlreadyRegistered'),
  rateLimited,
} as const satisfies Catalogue<typeof requestRegistrationFailures>;

/** Registration and reset token reads: 404 → the alert 'URL is invalid' and `/`; other errors only logged. */
export const tokenReadCatalogue = {
  invalidToken: { kind: 'invalidLink' },
} as const satisfies Catalogue<typeof tokenFailures>;

/** docs/security.md#common-passwords: the server refused the new password; the field's message, as on blur. */
const commonPassword = onField('newPassword', 'account.validation.commonPassword');

/** Registration finish: 400 common_password → the new password's field; other errors only logged (docs/behaviour.md#error-catalogue), with a short toast. */
export const finishRegistrationCatalogue = {
  commonPassword,
  invalidToken: logged(generic.title, 'account.error.linkUsed'),
  emailAlreadyRegistered: logged(generic.title, 'account.error.emailAlreadyRegistered'),
} as const satisfies Catalogue<typeof finishRegistrationFailures>;

/** Password reset request: 404 → email 'email address not found'. */
export const requestPasswordResetCatalogue = {
  emailNotFound: onField('email', 'account.error.emailNotFound'),
  rateLimited,
} as const satisfies Catalogue<typeof requestPasswordResetFailures>;

/** Password reset finish: 400 common_password → the new password's field; other errors only logged (docs/behaviour.md#error-catalogue), with a short toast. */
export const finishPasswordResetCatalogue = {
  commonPassword,
  invalidToken: logged(generic.title, 'account.error.linkUsed'),
} as const satisfies Catalogue<typeof finishPasswordResetFailures>;

/** Password change: 404 → `/`; 409 → currentPassword 'password is incorrect'; 400 → the new password's message. */
export const changePasswordCatalogue = {
  commonPassword,
  sameAsCurrentPassword: onField('newPassword', 'account.validation.sameAsCurrentPassword'),
  noSession: sessionLost,
  wrongPassword: onField('currentPassword', 'account.error.wrongPassword'),
  rateLimited,
} as const satisfies Catalogue<typeof changePasswordFailures>;

/** Email change request: 404 → `/`; 409 → the toast 'failed to change email address' / 'already in use'. */
export const requestEmailChangeCatalogue = {
  noSession: sessionLost,
  emailInUse: { kind: 'toast', title: 'account.error.emailChangeFailed', text: 'account.error.emailInUse' },
  rateLimited,
} as const satisfies Catalogue<typeof requestEmailChangeFailures>;

/** Email change activation: errors only logged (docs/behaviour.md#error-catalogue), with a short toast. */
export const activateEmailChangeCatalogue = {
  invalidToken: logged('account.error.emailChangeFailed', 'account.error.linkUsed'),
  emailInUse: logged('account.error.emailChangeFailed', 'account.error.emailInUse'),
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
