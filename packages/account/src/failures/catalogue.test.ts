import { describe, expect, it } from 'vitest';
import { failureRows, failureTables, type FailureOperation, type Shown } from '@pre-admission/api';
import { sourceMessages } from '@pre-admission/i18n/all';
import { routes, secondFactorRoute } from '../routes';
import {
  activateEmailChangeCatalogue,
  addPasskeyCatalogue,
  changePasswordCatalogue,
  deleteAccountCatalogue,
  confirmSignInCatalogue,
  disableAuthenticatorAppCatalogue,
  enableAuthenticatorAppCatalogue,
  getAuthenticatorAppCatalogue,
  listPasskeysCatalogue,
  removePasskeyCatalogue,
  renamePasskeyCatalogue,
  renewRecoveryCodesCatalogue,
  startAddingPasskeyCatalogue,
  startAuthenticatorAppSetupCatalogue,
  finishPasswordResetCatalogue,
  finishRegistrationCatalogue,
  finishSignInCatalogue,
  passkeySignInCatalogue,
  requestEmailChangeCatalogue,
  requestPasswordResetCatalogue,
  requestRegistrationCatalogue,
  signInCatalogue,
  startPasskeySignInCatalogue,
  tokenReadCatalogue,
  type Presentation,
} from './catalogue';

/** The kit's catalogue of each operation whose failures the account screens present through it. */
const catalogues: Partial<Record<FailureOperation, Readonly<Record<string, Presentation>>>> = {
  deleteAccount: deleteAccountCatalogue,
  signIn: signInCatalogue,
  finishSignIn: finishSignInCatalogue,
  startPasskeySignIn: startPasskeySignInCatalogue,
  passkeySignIn: passkeySignInCatalogue,
  requestRegistration: requestRegistrationCatalogue,
  getRegistration: tokenReadCatalogue,
  finishRegistration: finishRegistrationCatalogue,
  requestPasswordReset: requestPasswordResetCatalogue,
  getPasswordReset: tokenReadCatalogue,
  finishPasswordReset: finishPasswordResetCatalogue,
  changePassword: changePasswordCatalogue,
  requestEmailChange: requestEmailChangeCatalogue,
  activateEmailChange: activateEmailChangeCatalogue,
  listPasskeys: listPasskeysCatalogue,
  startAddingPasskey: startAddingPasskeyCatalogue,
  addPasskey: addPasskeyCatalogue,
  renamePasskey: renamePasskeyCatalogue,
  removePasskey: removePasskeyCatalogue,
  confirmSignIn: confirmSignInCatalogue,
  getAuthenticatorApp: getAuthenticatorAppCatalogue,
  startAuthenticatorAppSetup: startAuthenticatorAppSetupCatalogue,
  enableAuthenticatorApp: enableAuthenticatorAppCatalogue,
  disableAuthenticatorApp: disableAuthenticatorAppCatalogue,
  renewRecoveryCodes: renewRecoveryCodesCatalogue,
};

/**
 * Rows shown by other means: the app's session state, the renewal alert, the planner and the application's
 * screens (packages/planner), which say them in their own words.
 */
const elsewhere: ReadonlySet<Shown['kind']> = new Set([
  'session',
  'alert',
  'refusedFields',
  'applicationGone',
  'applicationState',
  'fileRefused',
]);
const planner: ReadonlySet<FailureOperation> = new Set([
  'getPlan',
  'savePlan',
  'listApplications',
  'startApplication',
  'getApplication',
  'saveApplicationAnswers',
  'discardApplication',
  'submitApplication',
  'withdrawApplication',
  'getApplicationConsent',
  'requestConsent',
  'withdrawConsentRequest',
  'uploadApplicationDocument',
  'removeApplicationDocument',
]);
const kitRows = failureRows().filter(
  ({ operationId, rule }) => !elsewhere.has(rule.shows.kind) && !planner.has(operationId),
);

const messagesOf = (shows: Shown): string[] =>
  'message' in shows ? [shows.message] : 'title' in shows ? [shows.title, shows.text] : [];

describe('the kit presents each row of the adapter’s failure tables', () => {
  it.each(kitRows)('$operationId $status: $rule.failure', ({ operationId, rule }) => {
    const catalogue = catalogues[operationId];
    expect(catalogue, `${operationId} has no catalogue in the kit`).toBeDefined();
    const to = {
      sessionLost: routes.signIn,
      restartSignIn: routes.signIn,
      secondFactorRequired: secondFactorRoute,
    };
    const expected =
      rule.shows.kind in to
        ? { kind: rule.shows.kind, to: to[rule.shows.kind as keyof typeof to] }
        : rule.shows;
    expect(catalogue?.[rule.failure]).toEqual(expected);
  });

  it('has no catalogue for an operation the tables do not name', () => {
    for (const operationId of Object.keys(catalogues)) expect(failureTables).toHaveProperty(operationId);
  });

  // The kit's catalogues type their ids; the rows shown elsewhere (the renewal alert) are checked here.
  it('names only message ids that exist, in every row', () => {
    const ids = failureRows().flatMap(({ rule }) => messagesOf(rule.shows));
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids) expect(sourceMessages.en, id).toHaveProperty([id]);
  });
});
