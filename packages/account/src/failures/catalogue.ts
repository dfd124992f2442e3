import {
  activateEmailChangeFailures,
  addPasskeyFailures,
  changePasswordFailures,
  deleteAccountFailures,
  confirmSignInFailures,
  disableAuthenticatorAppFailures,
  enableAuthenticatorAppFailures,
  getAuthenticatorAppFailures,
  listPasskeysFailures,
  removePasskeyFailures,
  renamePasskeyFailures,
  renewRecoveryCodesFailures,
  startAddingPasskeyFailures,
  startAuthenticatorAppSetupFailures,
  finishPasswordResetFailures,
  finishRegistrationFailures,
  generic,
  requestEmailChangeFailures,
  requestPasswordResetFailures,
  requestRegistrationFailures,
  finishSignInFailures,
  passkeySignInFailures,
  signInFailures,
  startPasskeySignInFailures,
  tokenFailures,
  type FailureOf,
  type FailureTable,
} from '@pre-admission/api';
import type { MessageId } from '@pre-admission/i18n';
import { routes, secondFactorRoute } from '../routes';
import type {
  AuthenticatorCodeValues,
  ConfirmationValues,
  EmailRequestValues,
  PasskeyNameValues,
  NewPasswordValues,
  PasswordChangeValues,
  SecondStepValues,
  SignInValues,
} from '../validation/schemas';

/**
 * What the applicant sees for one failure of the adapter (docs/behaviour.md#error-catalogue). The rows are
 * the adapter's failure tables (`packages/api/src/operations/*.ts`, each row's `shows`): this file only
 * types them for the kit and adds what the adapter cannot know (where `/` is).
 */
export type Presentation =
  | { readonly kind: 'field'; readonly field: string; readonly message: MessageId }
  | { readonly kind: 'invalidLink' }
  | { readonly kind: 'sessionLost'; readonly to: string }
  | { readonly kind: 'toast'; readonly title: MessageId; readonly text: MessageId }
  | { readonly kind: 'rateLimited' }
  | { readonly kind: 'logged'; readonly title: MessageId; readonly text: MessageId }
  | { readonly kind: 'restartSignIn'; readonly to: string }
  | { readonly kind: 'secondFactorRequired'; readonly to: string | undefined };

/**
 * What a table of a screen with the form `Form` may show: a message id of the catalogues, on a field of that
 * form (a screen without a form: no field at all). A wrong id or field fails the typecheck.
 */
type Shown<Form> =
  | { readonly kind: 'field'; readonly field: keyof Form & string; readonly message: MessageId }
  | { readonly kind: 'invalidLink' }
  | { readonly kind: 'sessionLost' }
  | { readonly kind: 'toast'; readonly title: MessageId; readonly text: MessageId }
  | { readonly kind: 'rateLimited' }
  | { readonly kind: 'logged'; readonly title: MessageId; readonly text: MessageId }
  | { readonly kind: 'restartSignIn' }
  | { readonly kind: 'secondFactorRequired' };
type KitTable<Form> = Readonly<Partial<Record<keyof FailureTable, { failure: string; shows: Shown<Form> }>>>;

/** One presentation for every failure code of an operation's table. */
export type Catalogue<Table extends FailureTable> = {
  readonly [
    Failure in FailureOf<Table> extends { failure: infer Code extends string } ? Code : never
  ]: Presentation;
};

/** A screen without a form: no field to show a message on. */
type NoForm = Record<never, string>;

/** The kit's presentations of a table whose rows show on the form `Form` (none given: a screen without one). */
export const catalogueOf =
  <Form extends object = NoForm>() =>
  <const Table extends FailureTable & KitTable<Form>>(table: Table): Catalogue<Table> =>
    Object.fromEntries(
      Object.values<FailureTable[number]>(table).flatMap((rule) =>
        rule ? [[rule.failure, presentation(rule.shows as Shown<Form>)]] : [],
      ),
    ) as Catalogue<Table>;

function presentation<Form>(shows: Shown<Form>): Presentation {
  switch (shows.kind) {
    case 'sessionLost':
    case 'restartSignIn':
      return { kind: shows.kind, to: routes.signIn };
    case 'secondFactorRequired':
      return { kind: shows.kind, to: secondFactorRoute };
    default:
      return shows;
  }
}

export const signInCatalogue = catalogueOf<SignInValues>()(signInFailures);
export const finishSignInCatalogue = catalogueOf<SecondStepValues>()(finishSignInFailures);
export const startPasskeySignInCatalogue = catalogueOf()(startPasskeySignInFailures);
export const passkeySignInCatalogue = catalogueOf()(passkeySignInFailures);
export const requestRegistrationCatalogue = catalogueOf<EmailRequestValues>()(requestRegistrationFailures);
/** Registration and reset token reads: the alert; other errors only logged. */
export const tokenReadCatalogue = catalogueOf()(tokenFailures);
export const finishRegistrationCatalogue = catalogueOf<NewPasswordValues>()(finishRegistrationFailures);
export const requestPasswordResetCatalogue = catalogueOf<EmailRequestValues>()(requestPasswordResetFailures);
export const finishPasswordResetCatalogue = catalogueOf<NewPasswordValues>()(finishPasswordResetFailures);
export const changePasswordCatalogue = catalogueOf<PasswordChangeValues>()(changePasswordFailures);
export const requestEmailChangeCatalogue = catalogueOf<EmailRequestValues>()(requestEmailChangeFailures);
export const activateEmailChangeCatalogue = catalogueOf()(activateEmailChangeFailures);
/** Sign-in and security (docs/security.md#passkeys, #second-factor, #recent-sign-in). */
export const listPasskeysCatalogue = catalogueOf()(listPasskeysFailures);
export const startAddingPasskeyCatalogue = catalogueOf<PasskeyNameValues>()(startAddingPasskeyFailures);
export const addPasskeyCatalogue = catalogueOf<PasskeyNameValues>()(addPasskeyFailures);
export const renamePasskeyCatalogue = catalogueOf<PasskeyNameValues>()(renamePasskeyFailures);
export const removePasskeyCatalogue = catalogueOf()(removePasskeyFailures);
export const confirmSignInCatalogue = catalogueOf<ConfirmationValues>()(confirmSignInFailures);
export const getAuthenticatorAppCatalogue = catalogueOf()(getAuthenticatorAppFailures);
export const startAuthenticatorAppSetupCatalogue = catalogueOf()(startAuthenticatorAppSetupFailures);
export const enableAuthenticatorAppCatalogue = catalogueOf<AuthenticatorCodeValues>()(
  enableAuthenticatorAppFailures,
);
export const disableAuthenticatorAppCatalogue = catalogueOf()(disableAuthenticatorAppFailures);
export const renewRecoveryCodesCatalogue = catalogueOf()(renewRecoveryCodesFailures);
/** The applicant's own deletion (docs/behaviour.md#delete-account); the page explains its 409 itself. */
export const deleteAccountCatalogue = catalogueOf()(deleteAccountFailures);

/** The generic toast of an "only logged" failure the adapter does not name (a 500, say). */
export const unnamedLoggedFailure = { kind: 'logged', ...generic } as const satisfies Presentation;
