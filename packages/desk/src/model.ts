import type { components } from '@pre-admission/api/staff-schema';
import type { MessageId } from '@pre-admission/i18n';

type Schemas = components['schemas'];
export type StaffApplicationList = Schemas['StaffApplicationList'];
export type StaffApplicationSummary = Schemas['StaffApplicationSummary'];
export type StaffApplication = Schemas['StaffApplication'];
export type StaffHistoryEntry = Schemas['StaffHistoryEntry'];
export type StaffNote = Schemas['StaffNote'];
export type StaffConsentStep = Schemas['StaffConsentStep'];
export type StaffActor = Schemas['StaffActor'];
export type StaffRole = Schemas['StaffRole'];
export type ApplicationStatus = Schemas['ApplicationStatus'];
export type StudentType = Schemas['StudentType'];
export type ApplicationSection = Schemas['ApplicationSection'];
export type ApplicationDocument = Schemas['ApplicationDocument'];
export type ReturnForChanges = Schemas['ReturnForChanges'];
export type DecisionRequest = Schemas['DecisionRequest'];
export type NewNote = Schemas['NewNote'];
export type StaffConsentRequest = Schemas['StaffConsentRequest'];
export type ConsentStatus = Schemas['ConsentStatus'];
export type ConsentDecision = Schemas['ConsentDecision'];
export type ApplicationConsentFilter = Schemas['ApplicationConsentFilter'];
export type StaffScreening = Schemas['StaffScreening'];
export type ScreeningOutcomeRequest = Schemas['ScreeningOutcomeRequest'];
export type ScreeningOutcome = ScreeningOutcomeRequest['outcome'];

/** The desk's outcomes of a screening, in the dialog's order (docs/behaviour.md#export-control-screening). */
export const screeningOutcomes: readonly ScreeningOutcome[] = [
  'cleared',
  'cleared_with_conditions',
  'not_cleared',
];

/** The contract's enums, in the order the desk reads them (the applicant side's order). */
export const statuses: readonly ApplicationStatus[] = [
  'submitted',
  'underReview',
  'returned',
  'resubmitted',
  'decided',
  'withdrawn',
];
export const kinds: readonly StudentType[] = ['researchStudent', 'master', 'doctoral', 'exchange'];
/** The consent filter's values: not required, not asked, then the latest request's status. */
export const consentFilters: readonly ApplicationConsentFilter[] = [
  'notRequired',
  'notAsked',
  'requested',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
];
export const consentFilterMessage: Readonly<Record<ApplicationConsentFilter, MessageId>> = {
  notRequired: 'desk.filter.consent.notRequired',
  notAsked: 'desk.filter.consent.notAsked',
  requested: 'desk.consent.status.requested',
  accepted: 'desk.consent.status.accepted',
  declined: 'desk.consent.status.declined',
  expired: 'desk.consent.status.expired',
  withdrawn: 'desk.consent.status.withdrawn',
};
export const sections: readonly ApplicationSection[] = [
  'choices',
  'personal',
  'contact',
  'education',
  'documents',
  'declarations',
];

/** The list's sort orders (`listStaffApplications` `sort`), the server's default first. */
export const sortOrders = ['-submitted', 'submitted', 'reference', '-reference'] as const;
export type SortOrder = (typeof sortOrders)[number];
export const sortMessage: Readonly<Record<SortOrder, MessageId>> = {
  '-submitted': 'desk.sort.newest',
  submitted: 'desk.sort.oldest',
  reference: 'desk.sort.referenceAscending',
  '-reference': 'desk.sort.referenceDescending',
};

/**
 * The list's filters, sort, search and page: a plain value, the query of `listStaffApplications` as it is, so
 * that the app keeps it in the address and hands it to the adapter unchanged. Absent means no filter.
 */
export interface ApplicationFilters {
  status?: ApplicationStatus;
  kind?: StudentType;
  programme?: number;
  course?: number;
  period?: string;
  nationality?: number;
  consent?: ApplicationConsentFilter;
  q?: string;
  sort?: SortOrder;
  page?: number;
}

/**
 * What the signed-in role may do (docs/security.md#staff): on an application, every role reads and adds
 * notes, a supervisor neither returns nor decides (the server answers 403 `role_refused`); the supervisor's
 * consent requests are read by the desk (every one) and a supervisor (those naming them), and answered only by
 * the supervisor they name; the office and exchange roles see none.
 */
export interface DeskRights {
  returnForChanges: boolean;
  decide: boolean;
  addNote: boolean;
  readConsent: boolean;
  decideConsent: boolean;
}

export function rightsOf(role: StaffRole): DeskRights {
  const acts = role !== 'supervisor';
  return {
    returnForChanges: acts,
    decide: acts,
    addNote: true,
    readConsent: role === 'desk' || role === 'supervisor',
    decideConsent: role === 'supervisor',
  };
}

/** The statuses an application can be returned or decided in (apps/api/src/desk/actions.ts): with the desk. */
export const reviewable: ReadonlySet<ApplicationStatus> = new Set([
  'submitted',
  'underReview',
  'resubmitted',
]);

/**
 * Why an action failed, as the dialogs say it: the app maps the staff API's problem to one of these
 * (`failureOf`), the dialog shows its sentence and keeps what was typed.
 */
export type ActionFailure =
  | 'conflict'
  | 'decided'
  | 'closed'
  | 'screeningOutcomeRequired'
  | 'screeningNotCleared'
  | 'noScreeningWaiting'
  | 'refused'
  | 'notFound'
  | 'invalid'
  | 'unavailable';

/** The 409 codes that are not a plain conflict, by the failure the dialogs say. */
const conflictOf: Readonly<Record<string, ActionFailure>> = {
  already_decided: 'decided',
  consent_not_pending: 'closed',
  screening_outcome_required: 'screeningOutcomeRequired',
  screening_not_cleared: 'screeningNotCleared',
  no_screening_waiting: 'noScreeningWaiting',
};

/**
 * The staff API's answer to an action, as a failure (openapi.staff.yaml: 400, 403, 404, 409), or none. A
 * consent request answered, expired or withdrawn meanwhile (409 `consent_not_pending`) is `closed`; the
 * decision "accepted" refused for the export-control screening says what the desk does next, not "reload".
 */
export function failureOf(status: number | undefined, code?: string): ActionFailure {
  if (status === 409) return (code !== undefined && conflictOf[code]) || 'conflict';
  if (status === 403) return 'refused';
  if (status === 404) return 'notFound';
  if (status === 400) return 'invalid';
  return 'unavailable';
}

/** An action's outcome: nothing when it was done, else why not. */
export type ActionResult = ActionFailure | undefined | void;

/** The longest message and note the desk may write (openapi.staff.yaml `maxLength`). */
export const textMaxLength = 2000;

/** Characters as people count them (a kanji or an emoji is one), as the server's schema counts them. */
export const characterCount = (text: string) => [...text].length;

/** The consent states in the order the list shows them: waiting for an answer first. */
export const consentStatuses: readonly ConsentStatus[] = [
  'requested',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
];

/** Japan's time zone: the university's dates (submission, due dates) are read in Japan time. */
export const japanTimeZone = 'Asia/Tokyo';
