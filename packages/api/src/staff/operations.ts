import { MalformedResponseError } from '../client/errors';
import { serializeQuery } from '../client/querySerializer';
import type { components, operations } from '../generated/staff';
import { applicationRows } from '../operations/applications';
import {
  applicationGone,
  applicationState,
  attempt,
  commonPasswordRefused,
  invalidLink,
  noBody,
  onField,
  rateLimited,
  restartSignIn,
  secondFactorRequired,
  sessionLost,
  toast,
  type FailureTable,
} from '../operations/outcome';
import type { StaffApiClient } from './client';

type Schemas = components['schemas'];
export type StaffRole = Schemas['StaffRole'];
export type StaffInvitation = Schemas['StaffInvitation'];
export type StaffSession = Schemas['StaffSession'];
export type StaffAccount = Schemas['StaffAccount'];
export type StaffApplicationSummary = Schemas['StaffApplicationSummary'];
export type StaffApplicationList = Schemas['StaffApplicationList'];
export type StaffApplication = Schemas['StaffApplication'];
export type StaffNote = Schemas['StaffNote'];
export type ReturnForChanges = Schemas['ReturnForChanges'];
export type DecisionRequest = Schemas['DecisionRequest'];
export type NewNote = Schemas['NewNote'];
export type StaffScreening = Schemas['StaffScreening'];
export type ScreeningOutcomeRequest = Schemas['ScreeningOutcomeRequest'];
export type StaffPreferences = Schemas['StaffPreferences'];
export type StaffConsentRequest = Schemas['StaffConsentRequest'];
export type StaffConsentRequestList = Schemas['StaffConsentRequestList'];
export type ConsentDecision = Schemas['ConsentDecision'];
/** listConsentRequests' query: one state, or every request. */
export type ConsentRequestQuery = NonNullable<operations['listConsentRequests']['parameters']['query']>;
export type StaffSignInRequest = Schemas['SignInRequest'];
export type StaffSecondStepRequest = Schemas['SecondStepRequest'];
export type StaffSignInAnswer = Schemas['SessionStatus'];
export type StaffNewPasskey = Schemas['NewPasskey'];
export type StaffFinishRequest = Schemas['FinishRequest'];
/** The list's filters, search, sort and page (listStaffApplications' query), as the contract names them. */
export type StaffApplicationQuery = NonNullable<operations['listStaffApplications']['parameters']['query']>;

/**
 * A success body, typed by the generated contract (nothing here restates it): the staff screens take the
 * contract's types as they are (dates stay ISO strings). What is checked is that a body came at all, and is
 * a JSON object: a proxy's page or an empty 200 is a malformed answer, not data.
 */
async function body<Data>(call: Promise<{ data?: Data; response: Response }>): Promise<Data> {
  const { data, response } = await call;
  if (data === null || typeof data !== 'object')
    throw new MalformedResponseError(response.status, new Error('The answer has no JSON object.'));
  return data;
}

// The rows every signed-in staff call shares (openapi.staff.yaml StaffNoSession, StaffRefused).
/** 401: no staff session (an applicant's cookie is none): the console goes to sign-in. */
const staffSignedOut = { failure: 'signedOut', shows: sessionLost } as const;
/** 403 second_factor_required: the account must add a passkey or the authenticator app first. */
const staffSecondFactorMissing = { failure: 'secondFactorRequired', shows: secondFactorRequired } as const;
/** 403 role_refused: the role, as it is now (changed meanwhile), does not serve this. */
const roleRefused = {
  failure: 'roleRefused',
  shows: toast('desk.error.roleRefused.title', 'desk.error.roleRefused.text'),
} as const;
/** 403 confirmation_required: the sign-in is too old to add a second factor; the console asks to sign in again. */
const signInNotRecent = { failure: 'confirmationRequired', shows: restartSignIn } as const;

const staffSignedIn = {
  401: staffSignedOut,
  '403 second_factor_required': staffSecondFactorMissing,
  '403 role_refused': roleRefused,
} as const;
/** Another school's, another supervisor's, a draft and an unknown id answer alike. */
const staffApplication = {
  ...staffSignedIn,
  '404 application_not_found': { failure: 'applicationNotFound', shows: applicationGone },
} as const;
/** StaffApplicationConflict: nothing was changed; the page shows the application as it now is. */
const staffConflicts = {
  '409 not_reviewable': { failure: 'notReviewable', shows: applicationState },
  '409 already_decided': { failure: 'alreadyDecided', shows: applicationState },
} as const;

export const getStaffInvitationFailures = {
  404: { failure: 'invalidToken', shows: invalidLink },
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

export const acceptStaffInvitationFailures = {
  '400 common_password': commonPasswordRefused,
  400: { failure: 'passwordRefused', shows: onField('newPassword', 'desk.invitation.error.password') },
  404: { failure: 'invalidToken', shows: invalidLink },
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

/** An unknown address answers as a wrong password: which addresses are staff is not told. */
export const staffSignInFailures = {
  403: { failure: 'wrongPassword', shows: onField('password', 'desk.signIn.error.wrongPassword') },
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

export const staffSessionFailures = {
  401: { failure: 'signedOut', shows: { kind: 'session', state: 'signedOut' } },
  403: { failure: 'terminated', shows: { kind: 'session', state: 'terminated' } },
} as const satisfies FailureTable;

export const startStaffPasskeyStepFailures = {
  '401 no_second_step': { failure: 'noSecondStep', shows: restartSignIn },
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

export const finishStaffSignInFailures = {
  '401 no_second_step': { failure: 'noSecondStep', shows: restartSignIn },
  '403 wrong_code': { failure: 'wrongCode', shows: onField('code', 'desk.secondStep.error.wrongCode') },
  '403 second_factor_locked': {
    failure: 'codesLocked',
    shows: onField('code', 'desk.secondStep.error.codesLocked'),
  },
  '403 passkey_refused': {
    failure: 'passkeyRefused',
    shows: toast('desk.error.passkeyRefused.title', 'desk.error.passkeyRefused.text'),
  },
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

export const startAddingStaffPasskeyFailures = {
  401: staffSignedOut,
  '403 confirmation_required': signInNotRecent,
  '409 passkey_limit': {
    failure: 'passkeyLimit',
    shows: toast('desk.error.title', 'desk.secondFactor.error.passkeyLimit'),
  },
} as const satisfies FailureTable;

export const addStaffPasskeyFailures = {
  400: { failure: 'invalidName', shows: onField('name', 'desk.secondFactor.error.passkeyName') },
  401: staffSignedOut,
  '403 confirmation_required': signInNotRecent,
  '403 passkey_refused': {
    failure: 'passkeyRefused',
    shows: toast('desk.error.passkeyRefused.title', 'desk.error.passkeyRefused.text'),
  },
  '409 passkey_exists': {
    failure: 'passkeyExists',
    shows: toast('desk.error.title', 'desk.secondFactor.error.passkeyExists'),
  },
  '409 passkey_limit': {
    failure: 'passkeyLimit',
    shows: toast('desk.error.title', 'desk.secondFactor.error.passkeyLimit'),
  },
} as const satisfies FailureTable;

const appAlreadyOn = {
  failure: 'alreadyOn',
  shows: toast('desk.error.title', 'desk.secondFactor.error.alreadyOn'),
} as const;

export const startStaffAuthenticatorAppSetupFailures = {
  401: staffSignedOut,
  '403 confirmation_required': signInNotRecent,
  '409 already_on': appAlreadyOn,
} as const satisfies FailureTable;

export const enableStaffAuthenticatorAppFailures = {
  401: staffSignedOut,
  '403 confirmation_required': signInNotRecent,
  '403 wrong_code': { failure: 'wrongCode', shows: onField('code', 'desk.secondStep.error.wrongCode') },
  '409 no_setup': {
    failure: 'noSetup',
    shows: toast('desk.error.title', 'desk.secondFactor.error.setupExpired'),
  },
  '409 already_on': appAlreadyOn,
} as const satisfies FailureTable;

export const listStaffAccountsFailures = staffSignedIn satisfies FailureTable;

/**
 * A 400 names the query parameter it refused (a link edited by hand): the list says which filter was not
 * understood and offers to clear the filters.
 */
export const listStaffApplicationsFailures = {
  400: { ...applicationRows.validation, failure: 'badQuery' },
  ...staffSignedIn,
} as const satisfies FailureTable;

export const getStaffApplicationFailures = staffApplication satisfies FailureTable;

/** The dialog checks its fields; a 400 still names each refused one (a document removed meanwhile). */
export const returnApplicationForChangesFailures = {
  400: applicationRows.validation,
  ...staffApplication,
  ...staffConflicts,
} as const satisfies FailureTable;

/**
 * The decision "accepted" waits for the export-control screening (problem type `screening-pending`): the page
 * shows the application as it now is, its screening's state saying why.
 */
export const recordApplicationDecisionFailures = {
  400: applicationRows.validation,
  ...staffApplication,
  ...staffConflicts,
  '409 screening_outcome_required': { failure: 'screeningOutcomeRequired', shows: applicationState },
  '409 screening_not_cleared': { failure: 'screeningNotCleared', shows: applicationState },
} as const satisfies FailureTable;

/**
 * The desk's outcome of the export-control screening. 409 `no_screening_waiting`: recorded meanwhile (in another
 * tab, by another member of the desk); the page shows the screening as it now is.
 */
export const recordScreeningOutcomeFailures = {
  400: applicationRows.validation,
  ...staffApplication,
  '409 no_screening_waiting': { failure: 'noScreeningWaiting', shows: applicationState },
} as const satisfies FailureTable;

/**
 * A consent request out of reach (another teacher's) answers as an unknown id: 404, said as gone. The
 * consent routes refuse the office and exchange roles (403 role_refused), the desk only the decision.
 */
const staffConsentRequest = {
  ...staffSignedIn,
  '404 consent_request_not_found': { failure: 'consentRequestNotFound', shows: applicationGone },
} as const;

/** A 400 names the refused parameter (a status the contract does not know). */
export const listConsentRequestsFailures = {
  400: { ...applicationRows.validation, failure: 'badQuery' },
  ...staffSignedIn,
} as const satisfies FailureTable;

export const getConsentRequestFailures = staffConsentRequest satisfies FailureTable;

/**
 * ConsentConflict `consent_not_pending`: decided (here or in another tab), expired or withdrawn by the
 * applicant meanwhile; nothing was changed, the page shows the request as it now is.
 */
export const decideConsentRequestFailures = {
  400: applicationRows.validation,
  ...staffConsentRequest,
  '409 consent_not_pending': { failure: 'consentNotPending', shows: applicationState },
} as const satisfies FailureTable;

export const addApplicationNoteFailures = {
  400: applicationRows.validation,
  ...staffApplication,
} as const satisfies FailureTable;

export const getStaffPreferencesFailures = staffSignedIn satisfies FailureTable;

/** The page sends only a checkbox's value: a 400 is a bug, said as a failure; 429 when saved too often. */
export const setStaffPreferencesFailures = {
  ...staffSignedIn,
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

/**
 * Every staff operation that maps a failure, with its table and the call's name: the list the tests iterate
 * (staff/operations.test.ts). The three document reads (an application's document, its preview, a consent request's research plan) are links the browser follows (their failures are the
 * server's pages), and signing out rethrows every failure.
 */
export const staffFailureTables = {
  getStaffInvitation: { call: 'staff invitation read', table: getStaffInvitationFailures },
  acceptStaffInvitation: { call: 'staff invitation acceptance', table: acceptStaffInvitationFailures },
  staffSignIn: { call: 'staff sign in', table: staffSignInFailures },
  getStaffSession: { call: 'staff session check', table: staffSessionFailures },
  extendStaffSession: { call: 'staff session extension', table: staffSessionFailures },
  startStaffPasskeyStep: { call: 'staff passkey second step options', table: startStaffPasskeyStepFailures },
  finishStaffSignIn: { call: 'staff second step', table: finishStaffSignInFailures },
  startAddingStaffPasskey: { call: 'staff passkey options', table: startAddingStaffPasskeyFailures },
  addStaffPasskey: { call: 'staff passkey add', table: addStaffPasskeyFailures },
  startStaffAuthenticatorAppSetup: {
    call: 'staff authenticator app set-up',
    table: startStaffAuthenticatorAppSetupFailures,
  },
  enableStaffAuthenticatorApp: {
    call: 'staff authenticator app on',
    table: enableStaffAuthenticatorAppFailures,
  },
  listStaffAccounts: { call: 'staff account list', table: listStaffAccountsFailures },
  listStaffApplications: { call: 'staff application list', table: listStaffApplicationsFailures },
  getStaffApplication: { call: 'staff application read', table: getStaffApplicationFailures },
  returnApplicationForChanges: { call: 'return for changes', table: returnApplicationForChangesFailures },
  recordApplicationDecision: { call: 'decision', table: recordApplicationDecisionFailures },
  recordScreeningOutcome: { call: 'screening outcome', table: recordScreeningOutcomeFailures },
  addApplicationNote: { call: 'internal note', table: addApplicationNoteFailures },
  listConsentRequests: { call: 'consent request list', table: listConsentRequestsFailures },
  getConsentRequest: { call: 'consent request read', table: getConsentRequestFailures },
  decideConsentRequest: { call: 'consent decision', table: decideConsentRequestFailures },
  getStaffPreferences: { call: 'mail settings read', table: getStaffPreferencesFailures },
  setStaffPreferences: { call: 'mail settings save', table: setStaffPreferencesFailures },
} as const satisfies Partial<Record<keyof operations, { call: string; table: FailureTable }>>;

const tokenPath = (token: string) => ({ params: { path: { token } } });
const applicationPath = (applicationId: string) => ({ params: { path: { applicationId } } });
const consentRequestPath = (consentRequestId: string) => ({ params: { path: { consentRequestId } } });

export const getStaffInvitation = (client: StaffApiClient, token: string) =>
  attempt(getStaffInvitationFailures, () =>
    body(client.GET('/api/staff/invitations/{token}', tokenPath(token))),
  );

export const acceptStaffInvitation = (client: StaffApiClient, token: string, request: StaffFinishRequest) =>
  attempt(acceptStaffInvitationFailures, () =>
    noBody(client.PATCH('/api/staff/invitations/{token}', { ...tokenPath(token), body: request })),
  );

/** Signed in, or the second step with its methods; an account with no second factor yet is signed in. */
export const staffSignIn = (client: StaffApiClient, request: StaffSignInRequest) =>
  attempt(staffSignInFailures, () => body(client.POST('/api/staff/sessions', { body: request })));

export const staffSignOut = (client: StaffApiClient): Promise<void> =>
  noBody(client.DELETE('/api/staff/sessions'));

/** The console's own check: never extends the session. */
export const getStaffSession = (client: StaffApiClient) =>
  attempt(staffSessionFailures, () => body(client.GET('/api/staff/sessions/current')));

/** "Stay signed in": the idle end moves on; answers as the check. */
export const extendStaffSession = (client: StaffApiClient) =>
  attempt(staffSessionFailures, () => body(client.POST('/api/staff/sessions/current')));

export const startStaffPasskeyStep = (client: StaffApiClient) =>
  attempt(startStaffPasskeyStepFailures, () => body(client.POST('/api/staff/sessions/second-step/options')));

export const finishStaffSignIn = (client: StaffApiClient, request: StaffSecondStepRequest) =>
  attempt(finishStaffSignInFailures, () =>
    body(client.POST('/api/staff/sessions/second-step', { body: request })),
  );

export const startAddingStaffPasskey = (client: StaffApiClient) =>
  attempt(startAddingStaffPasskeyFailures, () => body(client.POST('/api/staff/passkeys/options')));

export const addStaffPasskey = (client: StaffApiClient, request: StaffNewPasskey) =>
  attempt(addStaffPasskeyFailures, () => body(client.POST('/api/staff/passkeys', { body: request })));

export const startStaffAuthenticatorAppSetup = (client: StaffApiClient) =>
  attempt(startStaffAuthenticatorAppSetupFailures, () =>
    body(client.POST('/api/staff/authenticator-app/setup')),
  );

export const enableStaffAuthenticatorApp = (client: StaffApiClient, code: string) =>
  attempt(enableStaffAuthenticatorAppFailures, () =>
    body(client.PUT('/api/staff/authenticator-app', { body: { code } })),
  );

export const listStaffAccounts = (client: StaffApiClient) =>
  attempt(listStaffAccountsFailures, () => body(client.GET('/api/staff/accounts')));

/** One page of the applications the role may see, filtered and searched, with the total. */
export const listStaffApplications = (client: StaffApiClient, query: StaffApplicationQuery = {}) =>
  attempt(listStaffApplicationsFailures, () =>
    body(client.GET('/api/staff/applications', { params: { query } })),
  );

export const getStaffApplication = (client: StaffApiClient, applicationId: string) =>
  attempt(getStaffApplicationFailures, () =>
    body(client.GET('/api/staff/applications/{applicationId}', applicationPath(applicationId))),
  );

const segment = encodeURIComponent;
/** getStaffApplicationDocument: the original, always a download (a link's `href`). */
export const staffDocumentUrl = (baseUrl: string, applicationId: string, documentId: string) =>
  `${baseUrl}/api/staff/applications/${segment(applicationId)}/documents/${segment(documentId)}`;
/** getStaffApplicationDocumentPreview: an image's re-encoded preview, for an `<img src>`. */
export const staffDocumentPreviewUrl = (baseUrl: string, applicationId: string, documentId: string) =>
  `${staffDocumentUrl(baseUrl, applicationId, documentId)}/preview`;

/**
 * exportStaffApplications: every application the list's filters, search and sort match, as a CSV download (a
 * link's `href`; the page is left out: the export holds them all).
 */
export const staffApplicationsExportUrl = (baseUrl: string, query: StaffApplicationQuery = {}) => {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  const search = serializeQuery(filters);
  return `${baseUrl}/api/staff/applications.csv${search ? `?${search}` : ''}`;
};
/** getStaffApplicationDocumentsArchive: the application's documents as one zip download. */
export const staffDocumentsArchiveUrl = (baseUrl: string, applicationId: string) =>
  `${baseUrl}/api/staff/applications/${segment(applicationId)}/documents.zip`;

export const returnApplicationForChanges = (
  client: StaffApiClient,
  applicationId: string,
  request: ReturnForChanges,
) =>
  attempt(returnApplicationForChangesFailures, () =>
    body(
      client.POST('/api/staff/applications/{applicationId}/return', {
        ...applicationPath(applicationId),
        body: request,
      }),
    ),
  );

export const recordApplicationDecision = (
  client: StaffApiClient,
  applicationId: string,
  request: DecisionRequest,
) =>
  attempt(recordApplicationDecisionFailures, () =>
    body(
      client.PUT('/api/staff/applications/{applicationId}/decision', {
        ...applicationPath(applicationId),
        body: request,
      }),
    ),
  );

/** The desk's outcome of the application's latest export-control screening; answers the screening as it now is. */
export const recordScreeningOutcome = (
  client: StaffApiClient,
  applicationId: string,
  request: ScreeningOutcomeRequest,
) =>
  attempt(recordScreeningOutcomeFailures, () =>
    body(
      client.PUT('/api/staff/applications/{applicationId}/screening/outcome', {
        ...applicationPath(applicationId),
        body: request,
      }),
    ),
  );

export const addApplicationNote = (client: StaffApiClient, applicationId: string, request: NewNote) =>
  attempt(addApplicationNoteFailures, () =>
    body(
      client.POST('/api/staff/applications/{applicationId}/notes', {
        ...applicationPath(applicationId),
        body: request,
      }),
    ),
  );

/** The consent requests the role may read (a supervisor's: those naming them; the desk's: all), newest first. */
export const listConsentRequests = (client: StaffApiClient, query: ConsentRequestQuery = {}) =>
  attempt(listConsentRequestsFailures, () =>
    body(client.GET('/api/staff/consent-requests', { params: { query } })),
  );

export const getConsentRequest = (client: StaffApiClient, consentRequestId: string) =>
  attempt(getConsentRequestFailures, () =>
    body(client.GET('/api/staff/consent-requests/{consentRequestId}', consentRequestPath(consentRequestId))),
  );

/** getConsentResearchPlan: the research plan, always a download (a link's `href`). */
export const consentResearchPlanUrl = (baseUrl: string, consentRequestId: string) =>
  `${baseUrl}/api/staff/consent-requests/${segment(consentRequestId)}/research-plan`;

/** Accept, or decline with a reason; answers the request as it now is. */
export const decideConsentRequest = (
  client: StaffApiClient,
  consentRequestId: string,
  request: ConsentDecision,
) =>
  attempt(decideConsentRequestFailures, () =>
    body(
      client.PUT('/api/staff/consent-requests/{consentRequestId}/decision', {
        ...consentRequestPath(consentRequestId),
        body: request,
      }),
    ),
  );

/** The staff member's own mail settings (the daily summary). */
export const getStaffPreferences = (client: StaffApiClient) =>
  attempt(getStaffPreferencesFailures, () => body(client.GET('/api/staff/preferences')));

export const setStaffPreferences = (client: StaffApiClient, request: StaffPreferences) =>
  attempt(setStaffPreferencesFailures, () => body(client.PUT('/api/staff/preferences', { body: request })));
