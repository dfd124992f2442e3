import { createStaffApiClient, type StaffApiClient, type StaffApiClientOptions } from './client';
import {
  acceptStaffInvitation,
  addApplicationNote,
  addStaffPasskey,
  consentResearchPlanUrl,
  decideConsentRequest,
  enableStaffAuthenticatorApp,
  extendStaffSession,
  finishStaffSignIn,
  getConsentRequest,
  getStaffApplication,
  getStaffInvitation,
  getStaffPreferences,
  getStaffSession,
  listConsentRequests,
  listStaffAccounts,
  listStaffApplications,
  recordApplicationDecision,
  recordScreeningOutcome,
  returnApplicationForChanges,
  setStaffPreferences,
  staffApplicationsExportUrl,
  staffDocumentPreviewUrl,
  staffDocumentsArchiveUrl,
  staffDocumentUrl,
  staffSignIn,
  staffSignOut,
  startAddingStaffPasskey,
  startStaffAuthenticatorAppSetup,
  startStaffPasskeyStep,
  type ConsentDecision,
  type ConsentRequestQuery,
  type DecisionRequest,
  type NewNote,
  type ReturnForChanges,
  type ScreeningOutcomeRequest,
  type StaffApplicationQuery,
  type StaffFinishRequest,
  type StaffNewPasskey,
  type StaffPreferences,
  type StaffSecondStepRequest,
  type StaffSignInRequest,
} from './operations';

export { createStaffApiClient, type StaffApiClient, type StaffApiClientOptions } from './client';
export * from './operations';

/**
 * Every staff operation (openapi.staff.yaml), bound to one client: the desk's console (apps/desk) creates it
 * once. Kept out of the package's `.` entry, so that no staff code can reach the applicant's bundles
 * (docs/security.md#staff). Given a client instead of options, the document URLs use the same origin.
 */
export function createStaffApi(options: StaffApiClientOptions | StaffApiClient = {}) {
  const client = 'GET' in options ? options : createStaffApiClient(options);
  const baseUrl = 'GET' in options ? '' : (options.baseUrl ?? '');
  return {
    client,
    /** Where the API lives ('' for the same origin): the console reads the public reference data there too. */
    baseUrl,
    getStaffInvitation: (token: string) => getStaffInvitation(client, token),
    acceptStaffInvitation: (token: string, request: StaffFinishRequest) =>
      acceptStaffInvitation(client, token, request),
    staffSignIn: (request: StaffSignInRequest) => staffSignIn(client, request),
    staffSignOut: () => staffSignOut(client),
    getStaffSession: () => getStaffSession(client),
    extendStaffSession: () => extendStaffSession(client),
    startStaffPasskeyStep: () => startStaffPasskeyStep(client),
    finishStaffSignIn: (request: StaffSecondStepRequest) => finishStaffSignIn(client, request),
    startAddingStaffPasskey: () => startAddingStaffPasskey(client),
    addStaffPasskey: (request: StaffNewPasskey) => addStaffPasskey(client, request),
    startStaffAuthenticatorAppSetup: () => startStaffAuthenticatorAppSetup(client),
    enableStaffAuthenticatorApp: (code: string) => enableStaffAuthenticatorApp(client, code),
    listStaffAccounts: () => listStaffAccounts(client),
    listStaffApplications: (query?: StaffApplicationQuery) => listStaffApplications(client, query),
    getStaffApplication: (applicationId: string) => getStaffApplication(client, applicationId),
    /** getStaffApplicationDocument: the browser downloads it from this URL. */
    staffDocumentUrl: (applicationId: string, documentId: string) =>
      staffDocumentUrl(baseUrl, applicationId, documentId),
    /** getStaffApplicationDocumentPreview: an image's preview, for an `<img src>`. */
    staffDocumentPreviewUrl: (applicationId: string, documentId: string) =>
      staffDocumentPreviewUrl(baseUrl, applicationId, documentId),
    /** exportStaffApplications: the list's matches, all of them, as a CSV download from this URL. */
    staffApplicationsExportUrl: (query?: StaffApplicationQuery) => staffApplicationsExportUrl(baseUrl, query),
    /** getStaffApplicationDocumentsArchive: the application's documents as one zip, downloaded from this URL. */
    staffDocumentsArchiveUrl: (applicationId: string) => staffDocumentsArchiveUrl(baseUrl, applicationId),
    returnApplicationForChanges: (applicationId: string, request: ReturnForChanges) =>
      returnApplicationForChanges(client, applicationId, request),
    recordApplicationDecision: (applicationId: string, request: DecisionRequest) =>
      recordApplicationDecision(client, applicationId, request),
    recordScreeningOutcome: (applicationId: string, request: ScreeningOutcomeRequest) =>
      recordScreeningOutcome(client, applicationId, request),
    addApplicationNote: (applicationId: string, request: NewNote) =>
      addApplicationNote(client, applicationId, request),
    listConsentRequests: (query?: ConsentRequestQuery) => listConsentRequests(client, query),
    getConsentRequest: (consentRequestId: string) => getConsentRequest(client, consentRequestId),
    /** getConsentResearchPlan: the browser downloads it from this URL. */
    consentResearchPlanUrl: (consentRequestId: string) => consentResearchPlanUrl(baseUrl, consentRequestId),
    decideConsentRequest: (consentRequestId: string, request: ConsentDecision) =>
      decideConsentRequest(client, consentRequestId, request),
    getStaffPreferences: () => getStaffPreferences(client),
    setStaffPreferences: (request: StaffPreferences) => setStaffPreferences(client, request),
  };
}

export type StaffApi = ReturnType<typeof createStaffApi>;
