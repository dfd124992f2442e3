import { createApiClient, type ApiClient, type ApiClientOptions } from './client/createApiClient';
import type { UploadCallOptions } from './client/upload';
import { accountArchiveUrl, deleteAccount } from './operations/accountArchive';
import {
  applicationDocumentPreviewUrl,
  applicationDocumentUrl,
  removeApplicationDocument,
  uploadApplicationDocument,
  type DocumentUploadRequest,
} from './operations/applicationDocuments';
import {
  discardApplication,
  getApplication,
  listApplicationPeriods,
  listApplications,
  saveApplicationAnswers,
  startApplication,
  submitApplication,
  withdrawApplication,
  type ApplicationAnswersPatch,
  type ApplicationStart,
  type Withdrawal,
} from './operations/applications';
import {
  getApplicationConsent,
  requestConsent,
  withdrawConsentRequest,
  type NewConsentRequest,
} from './operations/consent';
import { activateEmailChange, requestEmailChange } from './operations/emailChange';
import { changePassword } from './operations/password';
import { listMaintenanceWindows } from './operations/maintenance';
import { getPlan, savePlan, type Plan } from './operations/plan';
import {
  finishPasswordReset,
  getPasswordReset,
  renewPasswordReset,
  requestPasswordReset,
} from './operations/passwordReset';
import { fetchReferenceList, fetchReferenceLists, type ReferenceListName } from './operations/referenceData';
import {
  finishRegistration,
  getRegistration,
  renewRegistration,
  requestRegistration,
} from './operations/registrations';
import {
  addPasskey,
  confirmSignIn,
  disableAuthenticatorApp,
  enableAuthenticatorApp,
  getAuthenticatorApp,
  listPasskeys,
  removePasskey,
  renamePasskey,
  renewRecoveryCodes,
  startAddingPasskey,
  startAuthenticatorAppSetup,
  type ConfirmationRequest,
  type NewPasskey,
} from './operations/security';
import {
  extendSession,
  finishSignIn,
  getCurrentSession,
  passkeySignIn,
  signIn,
  signOut,
  startPasskeySignIn,
} from './operations/sessions';
import type { EmailRequest, FinishRequest } from './operations/registrations';
import type { PasswordChangeRequest } from './operations/password';
import type { PasskeyAssertion, SecondStepRequest, SignInRequest } from './operations/sessions';

/**
 * Every operation the screens call, bound to one client. The app creates it once and hands it to the
 * account kit through context; stories and tests create it over MSW or an injected fetch. Uploads and the
 * document URLs need the base URL: given a client instead of options, they use the same origin.
 */
export function createApi(options: ApiClientOptions | ApiClient = {}) {
  const client = 'GET' in options ? options : createApiClient(options);
  const { baseUrl = '', xhr, now, random } = 'GET' in options ? {} : options;
  const transport = { baseUrl, xhr, now, random };
  return {
    client,
    signIn: (body: SignInRequest) => signIn(client, body),
    finishSignIn: (body: SecondStepRequest) => finishSignIn(client, body),
    startPasskeySignIn: () => startPasskeySignIn(client),
    passkeySignIn: (body: PasskeyAssertion) => passkeySignIn(client, body),
    getCurrentSession: () => getCurrentSession(client),
    extendSession: () => extendSession(client),
    signOut: () => signOut(client),
    requestRegistration: (body: EmailRequest) => requestRegistration(client, body),
    getRegistration: (token: string) => getRegistration(client, token),
    finishRegistration: (token: string, body: FinishRequest) => finishRegistration(client, token, body),
    renewRegistration: (token: string) => renewRegistration(client, token),
    requestPasswordReset: (body: EmailRequest) => requestPasswordReset(client, body),
    getPasswordReset: (token: string) => getPasswordReset(client, token),
    finishPasswordReset: (token: string, body: FinishRequest) => finishPasswordReset(client, token, body),
    renewPasswordReset: (token: string) => renewPasswordReset(client, token),
    requestEmailChange: (body: EmailRequest) => requestEmailChange(client, body),
    activateEmailChange: (token: string) => activateEmailChange(client, token),
    changePassword: (body: PasswordChangeRequest) => changePassword(client, body),
    getPlan: () => getPlan(client),
    savePlan: (body: Plan) => savePlan(client, body),
    fetchReferenceList: <Name extends ReferenceListName>(name: Name) => fetchReferenceList(client, name),
    fetchReferenceLists: <Name extends ReferenceListName>(names: readonly Name[]) =>
      fetchReferenceLists(client, names),
    listMaintenanceWindows: () => listMaintenanceWindows(client),
    listPasskeys: () => listPasskeys(client),
    startAddingPasskey: () => startAddingPasskey(client),
    addPasskey: (body: NewPasskey) => addPasskey(client, body),
    renamePasskey: (passkeyId: string, name: string) => renamePasskey(client, passkeyId, name),
    removePasskey: (passkeyId: string) => removePasskey(client, passkeyId),
    confirmSignIn: (body: ConfirmationRequest) => confirmSignIn(client, body),
    getAuthenticatorApp: () => getAuthenticatorApp(client),
    startAuthenticatorAppSetup: () => startAuthenticatorAppSetup(client),
    enableAuthenticatorApp: (code: string) => enableAuthenticatorApp(client, code),
    disableAuthenticatorApp: () => disableAuthenticatorApp(client),
    renewRecoveryCodes: () => renewRecoveryCodes(client),
    listApplicationPeriods: () => listApplicationPeriods(client),
    listApplications: () => listApplications(client),
    startApplication: (body: ApplicationStart) => startApplication(client, body),
    getApplication: (applicationId: string) => getApplication(client, applicationId),
    saveApplicationAnswers: (applicationId: string, body: ApplicationAnswersPatch) =>
      saveApplicationAnswers(client, applicationId, body),
    discardApplication: (applicationId: string) => discardApplication(client, applicationId),
    submitApplication: (applicationId: string) => submitApplication(client, applicationId),
    withdrawApplication: (applicationId: string, body: Withdrawal) =>
      withdrawApplication(client, applicationId, body),
    getApplicationConsent: (applicationId: string) => getApplicationConsent(client, applicationId),
    requestConsent: (applicationId: string, body: NewConsentRequest) =>
      requestConsent(client, applicationId, body),
    withdrawConsentRequest: (applicationId: string, consentRequestId: string) =>
      withdrawConsentRequest(client, applicationId, consentRequestId),
    uploadApplicationDocument: (
      applicationId: string,
      request: DocumentUploadRequest,
      callOptions?: UploadCallOptions,
    ) => uploadApplicationDocument(transport, applicationId, request, callOptions),
    removeApplicationDocument: (applicationId: string, documentId: string) =>
      removeApplicationDocument(client, applicationId, documentId),
    /** getApplicationDocument: the browser downloads it from this URL (a link's `href`). */
    applicationDocumentUrl: (applicationId: string, documentId: string) =>
      applicationDocumentUrl(baseUrl, applicationId, documentId),
    /** getApplicationDocumentPreview: an image's preview, for an `<img src>`. */
    applicationDocumentPreviewUrl: (applicationId: string, documentId: string) =>
      applicationDocumentPreviewUrl(baseUrl, applicationId, documentId),
    /** downloadAccountArchive: the browser downloads the account's data from this URL (a link's `href`). */
    accountArchiveUrl: () => accountArchiveUrl(baseUrl),
    /** deleteAccount: the account and everything held about it; the session ends. */
    deleteAccount: () => deleteAccount(client),
  };
}

export type Api = ReturnType<typeof createApi>;
