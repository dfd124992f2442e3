// The supervisor's consent, the applicant's side (issue 40, item 2; openapi.yaml tag consent;
// docs/behaviour.md#supervisor-consent): read, ask, withdraw, and the submission refused without consent.
// Each id in a path is the one the provider state made; each 403, 404 and 409 the screens map is pinned with
// the state that brings it about.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect } from 'vitest';
import {
  applicationPath,
  codedProblem,
  consentRequestPath,
  createPact,
  dateTime,
  EXAMPLE_APPLICATION_ID,
  EXAMPLE_CONSENT_REQUEST_ID,
  expectFailure,
  int,
  interactionTest,
  jsonResponse,
  states,
  type Answer,
} from './support/pact';

const { eachLike, like, regex } = MatchersV3;
const pact = createPact();

const OPAQUE_ID = '^[A-Za-z0-9_-]{22}$';
const REQUESTED_AT = '2026-11-28T02:00:00.000Z';
const EXPIRES_AT = '2026-12-12T02:00:00.000Z';
type ConsentStatus = 'requested' | 'accepted' | 'declined' | 'expired' | 'withdrawn';

const id = EXAMPLE_APPLICATION_ID;
const message = { message: 'I would like to study machine translation in your laboratory.' };
const json = (status: number, body: unknown): Answer => ({
  status,
  build: (builder) => {
    builder.headers(jsonResponse).jsonBody(body);
  },
});

/** A request as the screen reads it: its state is a value the screen switches on. */
const requestBody = (status: ConsentStatus) => ({
  id: regex(OPAQUE_ID, EXAMPLE_CONSENT_REQUEST_ID),
  teacherId: int(103),
  status,
  message: like(message.message),
  researchPlan: {
    documentId: regex(OPAQUE_ID, 'Zp4c0YlM8aQe2HnTq1Wv7A'),
    fileName: like('research-plan.pdf'),
  },
  requestedAt: dateTime(REQUESTED_AT),
  expiresAt: dateTime(EXPIRES_AT),
  ...(status === 'requested' ? {} : { closedAt: dateTime(REQUESTED_AT) }),
});
const consentBody = (status: ConsentStatus) => ({
  required: true,
  given: false,
  requests: eachLike(requestBody(status)),
});

const notFound = (code: 'application_not_found' | 'consent_request_not_found') =>
  codedProblem(
    404,
    'not-found',
    code === 'application_not_found'
      ? 'The application was not found.'
      : 'The consent request was not found.',
    code,
  );
const conflict = (code: string) =>
  codedProblem(409, 'consent-conflict', 'The consent request cannot be changed in its present state.', code);
const required = codedProblem(
  403,
  'second-factor-required',
  'Set up a passkey or an authenticator app first.',
  'second_factor_required',
);
const mustAddSecondFactor = { failure: 'secondFactorRequired', status: 403 };
const plainPath = (suffix: string) => `/api/applicant/applications/${EXAMPLE_APPLICATION_ID}${suffix}`;

describe('reading the consent', () => {
  interactionTest(pact, 'reads the consent with a request waiting: 200', {
    given: [states.consentRequestWaiting],
    uponReceiving: 'a GET of the consent of a draft with a request waiting',
    request: { method: 'GET', path: applicationPath('/consent'), signedIn: true },
    response: json(200, consentBody('requested')),
    test: async (api) => {
      const outcome = await api.getApplicationConsent(id);
      expect(outcome).toMatchObject({
        ok: true,
        data: {
          required: true,
          given: false,
          requests: [{ status: 'requested', teacherId: 103, expiresAt: new Date(EXPIRES_AT) }],
        },
      });
    },
  });

  interactionTest(pact, 'reads another applicant’s consent: 404 application_not_found', {
    given: [states.othersApplication],
    uponReceiving: 'a GET of the consent of an application of another account',
    request: { method: 'GET', path: applicationPath('/consent'), signedIn: true },
    response: notFound('application_not_found'),
    test: async (api) =>
      expectFailure(await api.getApplicationConsent(id), { failure: 'applicationNotFound', status: 404 }),
  });

  interactionTest(pact, 'reads the consent: 403 second_factor_required', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a GET of the consent of an account that must add a second factor first',
    request: { method: 'GET', path: plainPath('/consent'), signedIn: true },
    response: required,
    test: async (api) => expectFailure(await api.getApplicationConsent(id), mustAddSecondFactor),
  });
});

describe('asking for consent', () => {
  interactionTest(pact, 'asks the chosen supervisor: 201 with the request waiting', {
    given: [states.consentRequiredDraft],
    uponReceiving: 'a POST to ask the chosen supervisor for consent',
    request: { method: 'POST', path: applicationPath('/consent/requests'), body: message, signedIn: true },
    response: json(201, consentBody('requested')),
    test: async (api) => {
      const outcome = await api.requestConsent(id, message);
      expect(outcome).toMatchObject({ ok: true, data: { requests: [{ status: 'requested' }] } });
    },
  });

  interactionTest(pact, 'asks again while a request waits: 409 consent_pending', {
    given: [states.consentRequestWaiting],
    uponReceiving: 'a POST to ask for consent while a request waits',
    request: { method: 'POST', path: applicationPath('/consent/requests'), body: message, signedIn: true },
    response: conflict('consent_pending'),
    test: async (api) =>
      expectFailure(await api.requestConsent(id, message), { failure: 'consentPending', status: 409 }),
  });

  interactionTest(pact, 'asks for consent on another applicant’s application: 404 application_not_found', {
    given: [states.othersApplication],
    uponReceiving: 'a POST to ask for consent on an application of another account',
    request: { method: 'POST', path: applicationPath('/consent/requests'), body: message, signedIn: true },
    response: notFound('application_not_found'),
    test: async (api) =>
      expectFailure(await api.requestConsent(id, message), { failure: 'applicationNotFound', status: 404 }),
  });

  interactionTest(pact, 'asks for consent: 403 second_factor_required', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a POST to ask for consent from an account that must add a second factor first',
    request: { method: 'POST', path: plainPath('/consent/requests'), body: message, signedIn: true },
    response: required,
    test: async (api) => expectFailure(await api.requestConsent(id, message), mustAddSecondFactor),
  });
});

describe('withdrawing a request', () => {
  interactionTest(pact, 'withdraws the waiting request: 200 with it withdrawn', {
    given: [states.consentRequestWaiting],
    uponReceiving: 'a POST to withdraw a waiting consent request',
    request: { method: 'POST', path: consentRequestPath(), signedIn: true },
    response: json(200, consentBody('withdrawn')),
    test: async (api) => {
      const outcome = await api.withdrawConsentRequest(id, EXAMPLE_CONSENT_REQUEST_ID);
      expect(outcome).toMatchObject({ ok: true, data: { requests: [{ status: 'withdrawn' }] } });
    },
  });

  interactionTest(pact, 'withdraws a withdrawn request again: 409 consent_not_pending', {
    given: [states.consentRequestWithdrawn],
    uponReceiving: 'a POST to withdraw a consent request already withdrawn',
    request: { method: 'POST', path: consentRequestPath(), signedIn: true },
    response: conflict('consent_not_pending'),
    test: async (api) =>
      expectFailure(await api.withdrawConsentRequest(id, EXAMPLE_CONSENT_REQUEST_ID), {
        failure: 'consentNotPending',
        status: 409,
      }),
  });

  interactionTest(pact, 'withdraws a request the application does not have: 404 consent_request_not_found', {
    given: [states.consentRequiredDraft],
    uponReceiving: 'a POST to withdraw a consent request of no such id',
    request: {
      method: 'POST',
      path: applicationPath(`/consent/requests/${EXAMPLE_CONSENT_REQUEST_ID}/withdrawal`),
      signedIn: true,
    },
    response: notFound('consent_request_not_found'),
    test: async (api) =>
      expectFailure(await api.withdrawConsentRequest(id, EXAMPLE_CONSENT_REQUEST_ID), {
        failure: 'consentRequestNotFound',
        status: 404,
      }),
  });

  interactionTest(pact, 'withdraws a consent request: 403 second_factor_required', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a POST to withdraw a consent request from an account that must add a second factor first',
    request: {
      method: 'POST',
      path: plainPath(`/consent/requests/${EXAMPLE_CONSENT_REQUEST_ID}/withdrawal`),
      signedIn: true,
    },
    response: required,
    test: async (api) =>
      expectFailure(await api.withdrawConsentRequest(id, EXAMPLE_CONSENT_REQUEST_ID), mustAddSecondFactor),
  });
});

describe('submitting without consent', () => {
  interactionTest(pact, 'submits a complete draft whose programme requires consent: 409 consent_required', {
    given: [states.consentRequiredDraft],
    uponReceiving: 'a POST to submit a complete draft whose programme requires consent not yet given',
    request: { method: 'POST', path: applicationPath('/submission'), signedIn: true },
    response: codedProblem(
      409,
      'application-conflict',
      'The application cannot be changed in its present state.',
      'consent_required',
    ),
    test: async (api) =>
      expectFailure(await api.submitApplication(id), { failure: 'consentRequired', status: 409 }),
  });
});
