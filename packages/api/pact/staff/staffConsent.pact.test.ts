// The supervisor's consent requests (issue 40, item 2; openapi.staff.yaml tag staff-consent), the desk's
// internal notes and the staff member's mail settings: each call's success the console relies on, and each row of
// their failure tables (packages/api/src/staff/operations.ts) with the provider state that brings it about. A
// request's id is the applicant state's `consentRequestId` (a request naming teacher 103, whose supervisor
// account "the supervisor is signed in" signs in).
import { MatchersV3 } from '@pact-foundation/pact';
import type { ConsentDecision } from '@pre-admission/api/staff';
import { describe, expect } from 'vitest';
import {
  codedProblem,
  EXAMPLE_APPLICATION_ID,
  EXAMPLE_CONSENT_REQUEST_ID,
  expectFailure,
  jsonResponse,
  noSession,
  states,
  type Answer,
} from '../support/pact';
import {
  applicationPath,
  createStaffPact,
  fieldRefused,
  roleRefused,
  secondFactorRequired,
  staffInteractionTest as interactionTest,
  staffStates,
  unknownApplication,
  UNKNOWN_ID,
} from '../support/staffPact';

const { boolean, eachLike, fromProviderState, like } = MatchersV3;
const pact = createStaffPact();
const consentRequests = '/api/staff/consent-requests';

/** A path under the consent request the applicant's provider state returned (`suffix`: '/decision'). */
const requestPath = (suffix = '') =>
  fromProviderState(
    `${consentRequests}/\${consentRequestId}${suffix}`,
    `${consentRequests}/${EXAMPLE_CONSENT_REQUEST_ID}${suffix}`,
  );
const unknownRequest = (suffix = '') => `${consentRequests}/${UNKNOWN_ID}${suffix}`;

const requestNotFound = codedProblem(
  404,
  'not-found',
  'The consent request was not found.',
  'consent_request_not_found',
);
/** A consent request as the supervisor's page reads it: its id and status (the page switches on the status). */
const requestAnswer = (status: string): Answer => ({
  status: 200,
  build: (builder) => {
    builder.headers(jsonResponse).jsonBody({ id: like(EXAMPLE_CONSENT_REQUEST_ID), status });
  },
});

type Api = Parameters<Parameters<typeof interactionTest>[2]['test']>[0];

describe('the consent requests list', () => {
  const list = (api: Api) => api.listConsentRequests({ status: 'requested' });
  interactionTest(pact, 'lists the waiting requests for the supervisor they name: 200', {
    given: [states.consentRequestWaiting, staffStates.supervisorSignedIn],
    uponReceiving: 'a GET of the waiting consent requests by the supervisor',
    request: { method: 'GET', path: consentRequests, query: { status: 'requested' }, signedIn: true },
    response: {
      status: 200,
      build: (builder) => {
        builder.headers(jsonResponse).jsonBody({
          requests: eachLike({ id: like(EXAMPLE_CONSENT_REQUEST_ID), status: 'requested' }),
        });
      },
    },
    test: async (api) => {
      const outcome = await list(api);
      expect(outcome.ok && outcome.data.requests[0]?.status).toBe('requested');
    },
  });
  interactionTest(pact, 'lists with a status the contract does not know: 400 naming the parameter', {
    given: [staffStates.supervisorSignedIn],
    uponReceiving: 'a GET of the consent requests with an unknown status',
    request: { method: 'GET', path: consentRequests, query: { status: 'lost' }, signedIn: true },
    response: fieldRefused('status', 'invalid'),
    test: async (api) => {
      const outcome = await api.listConsentRequests({ status: 'lost' as 'requested' });
      expectFailure(outcome, { failure: 'badQuery', status: 400 });
    },
  });
  interactionTest(pact, 'lists with a revoked session: 401 (signed out)', {
    given: [staffStates.staffSessionRevoked],
    uponReceiving: 'a GET of the consent requests with the cookie of a revoked staff session',
    request: { method: 'GET', path: consentRequests, query: { status: 'requested' }, signedIn: true },
    response: noSession(401),
    test: async (api) => {
      expectFailure(await list(api), { failure: 'signedOut', status: 401 });
    },
  });
  interactionTest(pact, 'lists before a second factor: 403 second_factor_required', {
    given: [staffStates.noSecondFactor],
    uponReceiving: 'a GET of the consent requests by a staff member without a second factor',
    request: { method: 'GET', path: consentRequests, query: { status: 'requested' }, signedIn: true },
    response: secondFactorRequired,
    test: async (api) => {
      expectFailure(await list(api), { failure: 'secondFactorRequired', status: 403 });
    },
  });
  interactionTest(pact, 'lists as an office member: 403 role_refused', {
    given: [staffStates.officeSignedIn],
    uponReceiving: 'a GET of the consent requests by an office member',
    request: { method: 'GET', path: consentRequests, query: { status: 'requested' }, signedIn: true },
    response: roleRefused,
    test: async (api) => {
      expectFailure(await list(api), { failure: 'roleRefused', status: 403 });
    },
  });
});

describe('a consent request', () => {
  const read = (api: Api, id = EXAMPLE_CONSENT_REQUEST_ID) => api.getConsentRequest(id);
  interactionTest(pact, 'reads a waiting request for the supervisor it names: 200', {
    given: [states.consentRequestWaiting, staffStates.supervisorSignedIn],
    uponReceiving: 'a GET of a waiting consent request by the supervisor it names',
    request: { method: 'GET', path: requestPath(), signedIn: true },
    response: requestAnswer('requested'),
    test: async (api) => {
      expect(await read(api)).toMatchObject({
        ok: true,
        data: { id: EXAMPLE_CONSENT_REQUEST_ID, status: 'requested' },
      });
    },
  });
  interactionTest(pact, 'reads a request with a revoked session: 401 (signed out)', {
    given: [staffStates.staffSessionRevoked],
    uponReceiving: 'a GET of a consent request with the cookie of a revoked staff session',
    request: { method: 'GET', path: unknownRequest(), signedIn: true },
    response: noSession(401),
    test: async (api) => {
      expectFailure(await read(api, UNKNOWN_ID), { failure: 'signedOut', status: 401 });
    },
  });
  interactionTest(pact, 'reads a request before a second factor: 403 second_factor_required', {
    given: [states.consentRequestWaiting, staffStates.noSecondFactor],
    uponReceiving: 'a GET of a consent request by a staff member without a second factor',
    request: { method: 'GET', path: requestPath(), signedIn: true },
    response: secondFactorRequired,
    test: async (api) => {
      expectFailure(await read(api), { failure: 'secondFactorRequired', status: 403 });
    },
  });
  interactionTest(pact, 'reads a request as an office member: 403 role_refused', {
    given: [states.consentRequestWaiting, staffStates.officeSignedIn],
    uponReceiving: 'a GET of a consent request by an office member',
    request: { method: 'GET', path: requestPath(), signedIn: true },
    response: roleRefused,
    test: async (api) => {
      expectFailure(await read(api), { failure: 'roleRefused', status: 403 });
    },
  });
  interactionTest(pact, 'reads a request id never issued: 404 consent_request_not_found', {
    given: [staffStates.supervisorSignedIn],
    uponReceiving: 'a GET of a consent request id never issued by the supervisor',
    request: { method: 'GET', path: unknownRequest(), signedIn: true },
    response: requestNotFound,
    test: async (api) => {
      expectFailure(await read(api, UNKNOWN_ID), { failure: 'consentRequestNotFound', status: 404 });
    },
  });
});

describe('the consent decision', () => {
  const accept: ConsentDecision = { outcome: 'accepted' };
  const decide = (api: Api, id = EXAMPLE_CONSENT_REQUEST_ID, decision = accept) =>
    api.decideConsentRequest(id, decision);
  interactionTest(pact, 'accepts a waiting request as the supervisor it names: 200 with it accepted', {
    given: [states.consentRequestWaiting, staffStates.supervisorSignedIn],
    uponReceiving: 'a PUT of the acceptance of a waiting consent request by the supervisor it names',
    request: { method: 'PUT', path: requestPath('/decision'), body: accept, signedIn: true },
    response: requestAnswer('accepted'),
    test: async (api) => {
      expect(await decide(api)).toMatchObject({ ok: true, data: { status: 'accepted' } });
    },
  });
  interactionTest(pact, 'declines without a reason: 400 naming reasonId', {
    given: [states.consentRequestWaiting, staffStates.supervisorSignedIn],
    uponReceiving: 'a PUT of a decline of a waiting consent request without a reason',
    request: {
      method: 'PUT',
      path: requestPath('/decision'),
      body: { outcome: 'declined' },
      signedIn: true,
    },
    response: fieldRefused('reasonId', 'required'),
    test: async (api) => {
      const outcome = await decide(api, EXAMPLE_CONSENT_REQUEST_ID, { outcome: 'declined' });
      expectFailure(outcome, { failure: 'validation', status: 400 });
    },
  });
  interactionTest(pact, 'decides with a revoked session: 401 (signed out)', {
    given: [staffStates.staffSessionRevoked],
    uponReceiving: 'a PUT of a consent decision with the cookie of a revoked staff session',
    request: { method: 'PUT', path: unknownRequest('/decision'), body: accept, signedIn: true },
    response: noSession(401),
    test: async (api) => {
      expectFailure(await decide(api, UNKNOWN_ID), { failure: 'signedOut', status: 401 });
    },
  });
  interactionTest(pact, 'decides before a second factor: 403 second_factor_required', {
    given: [states.consentRequestWaiting, staffStates.noSecondFactor],
    uponReceiving: 'a PUT of a consent decision by a staff member without a second factor',
    request: { method: 'PUT', path: requestPath('/decision'), body: accept, signedIn: true },
    response: secondFactorRequired,
    test: async (api) => {
      expectFailure(await decide(api), { failure: 'secondFactorRequired', status: 403 });
    },
  });
  interactionTest(pact, 'decides as the desk (which reads, never decides): 403 role_refused', {
    given: [states.consentRequestWaiting, staffStates.deskSignedIn],
    uponReceiving: 'a PUT of a consent decision by a desk member',
    request: { method: 'PUT', path: requestPath('/decision'), body: accept, signedIn: true },
    response: roleRefused,
    test: async (api) => {
      expectFailure(await decide(api), { failure: 'roleRefused', status: 403 });
    },
  });
  interactionTest(pact, 'decides a request id never issued: 404 consent_request_not_found', {
    given: [staffStates.supervisorSignedIn],
    uponReceiving: 'a PUT of a consent decision of a request id never issued',
    request: { method: 'PUT', path: unknownRequest('/decision'), body: accept, signedIn: true },
    response: requestNotFound,
    test: async (api) => {
      expectFailure(await decide(api, UNKNOWN_ID), { failure: 'consentRequestNotFound', status: 404 });
    },
  });
  interactionTest(pact, 'decides a request the applicant withdrew: 409 consent_not_pending', {
    given: [states.consentRequestWithdrawn, staffStates.supervisorSignedIn],
    uponReceiving: 'a PUT of a consent decision of a withdrawn request by the supervisor it names',
    request: { method: 'PUT', path: requestPath('/decision'), body: accept, signedIn: true },
    response: codedProblem(
      409,
      'consent-conflict',
      'The request is no longer waiting.',
      'consent_not_pending',
    ),
    test: async (api) => {
      expectFailure(await decide(api), { failure: 'consentNotPending', status: 409 });
    },
  });
});

describe("the desk's internal notes", () => {
  const note = { text: 'Transcript checked with the university.' };
  const add = (api: Api, id = EXAMPLE_APPLICATION_ID, body = note) => api.addApplicationNote(id, body);
  interactionTest(pact, 'adds a note to a submitted application: 201 with the note', {
    given: [states.submittedApplication, staffStates.deskSignedIn],
    uponReceiving: 'a POST of an internal note to a submitted application by a desk member',
    request: { method: 'POST', path: applicationPath('/notes'), body: note, signedIn: true },
    response: {
      status: 201,
      build: (builder) => {
        builder.headers(jsonResponse).jsonBody({ text: like(note.text), actor: { role: 'desk' } });
      },
    },
    test: async (api) => {
      expect(await add(api)).toMatchObject({ ok: true, data: { text: note.text, actor: { role: 'desk' } } });
    },
  });
  interactionTest(pact, 'adds a note with a revoked session: 401 (signed out)', {
    given: [staffStates.staffSessionRevoked],
    uponReceiving: 'a POST of an internal note with the cookie of a revoked staff session',
    request: { method: 'POST', path: unknownApplication('/notes'), body: note, signedIn: true },
    response: noSession(401),
    test: async (api) => {
      expectFailure(await add(api, UNKNOWN_ID), { failure: 'signedOut', status: 401 });
    },
  });
  interactionTest(pact, 'adds a note before a second factor: 403 second_factor_required', {
    given: [states.submittedApplication, staffStates.noSecondFactor],
    uponReceiving: 'a POST of an internal note by a staff member without a second factor',
    request: { method: 'POST', path: applicationPath('/notes'), body: note, signedIn: true },
    response: secondFactorRequired,
    test: async (api) => {
      expectFailure(await add(api), { failure: 'secondFactorRequired', status: 403 });
    },
  });
  interactionTest(pact, 'adds a note to an application id never issued: 404 application_not_found', {
    given: [staffStates.deskSignedIn],
    uponReceiving: 'a POST of an internal note to an application id never issued',
    request: { method: 'POST', path: unknownApplication('/notes'), body: note, signedIn: true },
    response: codedProblem(404, 'not-found', 'The application was not found.', 'application_not_found'),
    test: async (api) => {
      expectFailure(await add(api, UNKNOWN_ID), { failure: 'applicationNotFound', status: 404 });
    },
  });
});

describe('the mail settings', () => {
  const preferences = '/api/staff/preferences';
  const settings = { dailySummary: false };
  const answer: Answer = {
    status: 200,
    build: (builder) => {
      builder.headers(jsonResponse).jsonBody({ dailySummary: boolean(false) });
    },
  };
  const operations = [
    {
      name: 'getStaffPreferences',
      method: 'GET',
      body: undefined,
      call: (api: Api) => api.getStaffPreferences(),
    },
    {
      name: 'setStaffPreferences',
      method: 'PUT',
      body: settings,
      call: (api: Api) => api.setStaffPreferences(settings),
    },
  ] as const;
  for (const { name, method, body, call } of operations) {
    interactionTest(pact, `${name}: a desk member's mail settings: 200`, {
      given: [staffStates.deskSignedIn],
      uponReceiving: `a ${method} of the mail settings of a desk member`,
      request: { method, path: preferences, body, signedIn: true },
      response: answer,
      test: async (api) => {
        expect(await call(api)).toEqual({ ok: true, data: { dailySummary: false } });
      },
    });
    interactionTest(pact, `${name}: with a revoked session: 401 (signed out)`, {
      given: [staffStates.staffSessionRevoked],
      uponReceiving: `a ${method} of the mail settings with the cookie of a revoked staff session`,
      request: { method, path: preferences, body, signedIn: true },
      response: noSession(401),
      test: async (api) => {
        expectFailure(await call(api), { failure: 'signedOut', status: 401 });
      },
    });
    interactionTest(pact, `${name}: before a second factor: 403 second_factor_required`, {
      given: [staffStates.noSecondFactor],
      uponReceiving: `a ${method} of the mail settings by a staff member without a second factor`,
      request: { method, path: preferences, body, signedIn: true },
      response: secondFactorRequired,
      test: async (api) => {
        expectFailure(await call(api), { failure: 'secondFactorRequired', status: 403 });
      },
    });
  }
});
