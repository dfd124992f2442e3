import { HttpResponse } from 'msw';
import type { components } from '../../generated/schema';
import { http, problem } from '../http';
import { exampleApplications, MOCK_NOW } from './applications';

type Schemas = components['schemas'];
type ApplicationConsent = Schemas['ApplicationConsent'];
type ConsentRequest = Schemas['ConsentRequest'];
type ConflictCode =
  | 'not_editable'
  | 'no_supervisor'
  | 'no_research_plan'
  | 'supervisor_unavailable'
  | 'consent_pending'
  | 'consent_given'
  | 'consent_not_pending';

const consent = '/api/applicant/applications/{applicationId}/consent';
const requests = '/api/applicant/applications/{applicationId}/consent/requests';
const withdrawal =
  '/api/applicant/applications/{applicationId}/consent/requests/{consentRequestId}/withdrawal';

const DAY = 24 * 60 * 60 * 1000;
const later = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * DAY).toISOString();

/** The example draft's request to its supervisor (teacher 103), with its research plan, in each state. */
export const exampleConsentRequests = {
  requested: {
    id: 'C1rQm5Ks8Pn2Xt6Rc3Hd7K',
    teacherId: 103,
    status: 'requested',
    message: 'I would like to study machine translation in your laboratory.',
    researchPlan: { documentId: 'P5kWz7Nd2Hq6Tr9Jm1Xc5G', fileName: 'research-plan.pdf' },
    requestedAt: later(MOCK_NOW, -2),
    expiresAt: later(MOCK_NOW, 12),
  },
  declined: {
    id: 'C2tXc2Vm5Lq8Wn1Kb4Zs7F',
    teacherId: 103,
    status: 'declined',
    message: 'I would like to study machine translation in your laboratory.',
    researchPlan: { documentId: 'P5kWz7Nd2Hq6Tr9Jm1Xc5G', fileName: 'research-plan.pdf' },
    requestedAt: later(MOCK_NOW, -10),
    expiresAt: later(MOCK_NOW, 4),
    closedAt: later(MOCK_NOW, -8),
    reason: { ja: '今期は受入枠がない', en: 'No capacity this term' },
    response: 'I have no places this year; please ask Professor Sato.',
  },
} satisfies Record<string, ConsentRequest>;

export interface ConsentStoreOptions {
  /** Whether the programme option requires consent (true unless said). */
  required?: boolean;
  /** The requests at first, newest first (none unless said). */
  requests?: readonly ConsentRequest[];
  /** What a new request answers instead of being made: the contract's 409 with this code. */
  refuse?: ConflictCode;
  /** The supervisor a new request names (the example draft's unless said). */
  teacherId?: number;
  now?: () => Date;
}

/**
 * The consent of any application, kept in memory as the provider keeps it (openapi.yaml tag consent): one
 * request waits at a time; a waiting one can be withdrawn; `given` when one is accepted. Each call makes a
 * fresh store, so stories do not share their requests.
 */
export function consentStore({
  required = true,
  requests: initial = [],
  refuse,
  teacherId = exampleApplications.draft.answers.choices.teacherId ?? 103,
  now = () => new Date(MOCK_NOW),
}: ConsentStoreOptions = {}) {
  let list: ConsentRequest[] = initial.map((item) => structuredClone(item));
  let sequence = 0;
  const current = (): ApplicationConsent => ({
    required,
    given: list.some((item) => item.status === 'accepted'),
    requests: list,
  });
  const conflict = (code: ConflictCode) =>
    problem('requestConsent', '409', {}, { code, type: 'urn:pre-admission:problem:consent-conflict' });

  return [
    http.get(consent, () => HttpResponse.json(current())),
    http.post(requests, async ({ request }) => {
      if (refuse) return conflict(refuse);
      if (list.some((item) => item.status === 'requested')) return conflict('consent_pending');
      if (list.some((item) => item.status === 'accepted')) return conflict('consent_given');
      const { message } = (await request.json()) as Schemas['NewConsentRequest'];
      const at = now().toISOString();
      list = [
        {
          id: `C${String(++sequence).padStart(4, '0')}mockConsentIdXXXXXXX`.slice(0, 22),
          teacherId,
          status: 'requested',
          message,
          researchPlan: { documentId: 'P5kWz7Nd2Hq6Tr9Jm1Xc5G', fileName: 'research-plan.pdf' },
          requestedAt: at,
          expiresAt: later(at, 14),
        },
        ...list,
      ];
      return HttpResponse.json(current(), { status: 201 });
    }),
    http.post(withdrawal, ({ params }) => {
      const found = list.find((item) => item.id === params.consentRequestId);
      if (!found) return problem('withdrawConsentRequest', '404');
      if (found.status !== 'requested')
        return problem(
          'withdrawConsentRequest',
          '409',
          {},
          { code: 'consent_not_pending', type: 'urn:pre-admission:problem:consent-conflict' },
        );
      list = list.map((item) =>
        item.id === found.id ? { ...item, status: 'withdrawn', closedAt: now().toISOString() } : item,
      );
      return HttpResponse.json(current());
    }),
  ];
}

/** Single-purpose handlers for stories and tests: the consent in one state, whatever is asked. */
export const consentHandlers = {
  notRequired: http.get(consent, () => HttpResponse.json({ required: false, given: false, requests: [] })),
  requiredNone: http.get(consent, () => HttpResponse.json({ required: true, given: false, requests: [] })),
  pending: http.get(consent, () =>
    HttpResponse.json({ required: true, given: false, requests: [exampleConsentRequests.requested] }),
  ),
  declined: http.get(consent, () =>
    HttpResponse.json({ required: true, given: false, requests: [exampleConsentRequests.declined] }),
  ),
  requestConflicts: (code: ConflictCode) =>
    http.post(requests, () =>
      problem('requestConsent', '409', {}, { code, type: 'urn:pre-admission:problem:consent-conflict' }),
    ),
};
