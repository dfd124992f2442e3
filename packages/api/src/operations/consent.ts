import * as z from 'zod/mini';
import type { ApiClient } from '../client/createApiClient';
import type { components } from '../generated/schema';
import { ownApplication } from './applications';
import { dateTime, planId } from './common';
import { applicationGone, applicationState, attempt, parseBody, type FailureTable } from './outcome';

type Schemas = components['schemas'];
export type NewConsentRequest = Schemas['NewConsentRequest'];
export type ConsentStatus = Schemas['ConsentStatus'];

const opaqueId = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/));

export const ConsentStatusSchema = z.enum(['requested', 'accepted', 'declined', 'expired', 'withdrawn']);

/** One request for the supervisor's consent (openapi.yaml ConsentRequest), its times as Date. */
export const ConsentRequestSchema = z.object({
  id: opaqueId,
  teacherId: planId,
  status: ConsentStatusSchema,
  message: z.string(),
  researchPlan: z.optional(z.object({ documentId: opaqueId, fileName: z.string() })),
  requestedAt: dateTime,
  expiresAt: dateTime,
  closedAt: z.optional(dateTime),
  reason: z.optional(z.object({ ja: z.string(), en: z.string() })),
  response: z.optional(z.string()),
});
export type ConsentRequest = z.output<typeof ConsentRequestSchema>;

/** Whether consent is required and given, and the requests, newest first (openapi.yaml ApplicationConsent). */
export const ApplicationConsentSchema = z.object({
  required: z.boolean(),
  given: z.boolean(),
  requests: z.array(ConsentRequestSchema),
});
export type ApplicationConsent = z.output<typeof ApplicationConsentSchema>;

// Every consent refusal leaves the consent as it is: the screen reads it again and says why
// (docs/behaviour.md#supervisor-consent).
const state = <const Failure extends string>(failure: Failure) =>
  ({ failure, shows: applicationState }) as const;

export const getApplicationConsentFailures = ownApplication satisfies FailureTable;

/** The screen checks the message (required, at most 2000 characters): a 400 is a bug, rethrown. */
export const requestConsentFailures = {
  ...ownApplication,
  '409 not_editable': state('notEditable'),
  '409 no_supervisor': state('noSupervisor'),
  '409 no_research_plan': state('noResearchPlan'),
  '409 supervisor_unavailable': state('supervisorUnavailable'),
  '409 consent_pending': state('consentPending'),
  '409 consent_given': state('consentGiven'),
} as const satisfies FailureTable;

/** A request of another application answers as an unknown one: gone, as a removed file is. */
export const withdrawConsentRequestFailures = {
  ...ownApplication,
  '404 consent_request_not_found': { failure: 'consentRequestNotFound', shows: applicationGone },
  '409 consent_not_pending': state('consentNotPending'),
} as const satisfies FailureTable;

export function getApplicationConsent(client: ApiClient, applicationId: string) {
  return attempt(getApplicationConsentFailures, () =>
    parseBody(
      client.GET('/api/applicant/applications/{applicationId}/consent', {
        params: { path: { applicationId } },
      }),
      ApplicationConsentSchema,
    ),
  );
}

/** Asks the supervisor chosen in the draft; the research plan uploaded last goes with it. */
export function requestConsent(client: ApiClient, applicationId: string, body: NewConsentRequest) {
  return attempt(requestConsentFailures, () =>
    parseBody(
      client.POST('/api/applicant/applications/{applicationId}/consent/requests', {
        params: { path: { applicationId } },
        body,
      }),
      ApplicationConsentSchema,
    ),
  );
}

export function withdrawConsentRequest(client: ApiClient, applicationId: string, consentRequestId: string) {
  return attempt(withdrawConsentRequestFailures, () =>
    parseBody(
      client.POST(
        '/api/applicant/applications/{applicationId}/consent/requests/{consentRequestId}/withdrawal',
        { params: { path: { applicationId, consentRequestId } } },
      ),
      ApplicationConsentSchema,
    ),
  );
}
