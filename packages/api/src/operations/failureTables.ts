import type { operations } from '../generated/schema';
import type { FailureTable } from './outcome';
import { deleteAccountFailures } from './accountArchive';
import { removeApplicationDocumentFailures, uploadApplicationDocumentFailures } from './applicationDocuments';
import {
  discardApplicationFailures,
  getApplicationFailures,
  listApplicationsFailures,
  saveApplicationAnswersFailures,
  startApplicationFailures,
  submitApplicationFailures,
  withdrawApplicationFailures,
} from './applications';
import {
  getApplicationConsentFailures,
  requestConsentFailures,
  withdrawConsentRequestFailures,
} from './consent';
import { activateEmailChangeFailures, requestEmailChangeFailures } from './emailChange';
import { changePasswordFailures } from './password';
import {
  finishPasswordResetFailures,
  renewPasswordResetFailures,
  requestPasswordResetFailures,
} from './passwordReset';
import { getPlanFailures, savePlanFailures } from './plan';
import {
  addPasskeyFailures,
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
} from './security';
import {
  finishRegistrationFailures,
  renewRegistrationFailures,
  requestRegistrationFailures,
  tokenFailures,
} from './registrations';
import {
  currentSessionFailures,
  finishSignInFailures,
  passkeySignInFailures,
  signInFailures,
  startPasskeySignInFailures,
} from './sessions';

/**
 * Every operation the screens call that maps a failure, with its table: the one list the tests
 * (errorCatalogue.test.ts, the account kit's catalogue.test.ts, pact/coverage.contract.test.ts) and the
 * generated part of docs/behaviour.md#error-catalogue (`npm run docs:failures`) iterate. An operation not
 * named here rethrows every failure (signOut, the reference lists). `call` names the operation in the doc.
 */
export const failureTables = {
  signIn: { call: 'sign in', table: signInFailures },
  finishSignIn: { call: 'second step', table: finishSignInFailures },
  startPasskeySignIn: { call: 'passkey sign-in options', table: startPasskeySignInFailures },
  passkeySignIn: { call: 'passkey sign-in', table: passkeySignInFailures },
  getCurrentSession: { call: 'session check', table: currentSessionFailures },
  extendSession: { call: 'session extension', table: currentSessionFailures },
  requestRegistration: { call: 'registration request', table: requestRegistrationFailures },
  getRegistration: { call: 'registration token read', table: tokenFailures },
  finishRegistration: { call: 'registration finish', table: finishRegistrationFailures },
  renewRegistration: { call: 'registration renewal', table: renewRegistrationFailures },
  requestPasswordReset: { call: 'password reset request', table: requestPasswordResetFailures },
  getPasswordReset: { call: 'reset token read', table: tokenFailures },
  finishPasswordReset: { call: 'reset finish', table: finishPasswordResetFailures },
  renewPasswordReset: { call: 'reset renewal', table: renewPasswordResetFailures },
  changePassword: { call: 'password change', table: changePasswordFailures },
  requestEmailChange: { call: 'email change request', table: requestEmailChangeFailures },
  activateEmailChange: { call: 'email change activation', table: activateEmailChangeFailures },
  getPlan: { call: 'plan read', table: getPlanFailures },
  savePlan: { call: 'plan save', table: savePlanFailures },
  listPasskeys: { call: 'passkey list', table: listPasskeysFailures },
  startAddingPasskey: { call: 'passkey options', table: startAddingPasskeyFailures },
  addPasskey: { call: 'passkey add', table: addPasskeyFailures },
  renamePasskey: { call: 'passkey rename', table: renamePasskeyFailures },
  removePasskey: { call: 'passkey removal', table: removePasskeyFailures },
  confirmSignIn: { call: 'confirmation', table: confirmSignInFailures },
  getAuthenticatorApp: { call: 'authenticator app read', table: getAuthenticatorAppFailures },
  startAuthenticatorAppSetup: { call: 'authenticator app set-up', table: startAuthenticatorAppSetupFailures },
  enableAuthenticatorApp: { call: 'authenticator app on', table: enableAuthenticatorAppFailures },
  disableAuthenticatorApp: { call: 'authenticator app off', table: disableAuthenticatorAppFailures },
  renewRecoveryCodes: { call: 'recovery code renewal', table: renewRecoveryCodesFailures },
  deleteAccount: { call: 'account deletion', table: deleteAccountFailures },
  listApplications: { call: 'application list', table: listApplicationsFailures },
  startApplication: { call: 'application start', table: startApplicationFailures },
  getApplication: { call: 'application read', table: getApplicationFailures },
  saveApplicationAnswers: { call: 'application save', table: saveApplicationAnswersFailures },
  discardApplication: { call: 'draft discard', table: discardApplicationFailures },
  submitApplication: { call: 'application submission', table: submitApplicationFailures },
  withdrawApplication: { call: 'application withdrawal', table: withdrawApplicationFailures },
  getApplicationConsent: { call: 'consent read', table: getApplicationConsentFailures },
  requestConsent: { call: 'consent request', table: requestConsentFailures },
  withdrawConsentRequest: { call: 'consent request withdrawal', table: withdrawConsentRequestFailures },
  uploadApplicationDocument: { call: 'document upload', table: uploadApplicationDocumentFailures },
  removeApplicationDocument: { call: 'document removal', table: removeApplicationDocumentFailures },
} as const satisfies Partial<Record<keyof operations, { call: string; table: FailureTable }>>;

export type FailureOperation = keyof typeof failureTables;

/** One row of a table, flattened: the status, the problem code if the row is keyed by one, and the rule. */
export interface FailureRow {
  readonly operationId: FailureOperation;
  readonly call: string;
  readonly status: number;
  readonly code?: string;
  readonly rule: FailureTable[number] & object;
}

/** Every row of every table, in the list's order and each table's status order. */
export function failureRows(): FailureRow[] {
  return Object.entries(failureTables).flatMap(([operationId, { call, table }]) =>
    Object.entries(table as FailureTable).flatMap(([key, rule]) => {
      if (!rule) return [];
      const [status, code] = key.split(' ');
      return [
        {
          operationId: operationId as FailureOperation,
          call,
          status: Number(status),
          ...(code === undefined ? {} : { code }),
          rule,
        },
      ];
    }),
  );
}
