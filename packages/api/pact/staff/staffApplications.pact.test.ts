// The desk console's session check and the applications (issue 40, item 3; openapi.staff.yaml tags
// staff-sessions, staff-applications, staff-accounts): each call's success the console relies on, and each row of
// their failure tables (packages/api/src/staff/operations.ts) with the provider state that brings it about. The
// staff session cookie is the state's `staffCookie`; an application's id the applicant state's `applicationId`.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect } from 'vitest';
import {
  codedProblem,
  EXAMPLE_APPLICATION_ID,
  expectFailure,
  int,
  jsonResponse,
  noSession,
  problem,
  states,
  type Answer,
} from '../support/pact';
import {
  applicationPath,
  APPLICATIONS as applications,
  createStaffPact,
  fieldRefused,
  roleRefused,
  secondFactorRequired,
  staffInteractionTest as interactionTest,
  staffStates,
  unknownApplication,
  UNKNOWN_ID,
} from '../support/staffPact';
import type { ReturnForChanges } from '@pre-admission/api/staff';

const { boolean, eachLike, like } = MatchersV3;
const pact = createStaffPact();
const current = '/api/staff/sessions/current';

const applicationNotFound = codedProblem(
  404,
  'application-not-found',
  'No such application.',
  'application_not_found',
);
const conflict = (code: 'not_reviewable' | 'already_decided') =>
  codedProblem(409, 'application-conflict', 'The application cannot be changed so.', code);
/** 200 with who is signed in, the role as it is now, and when the session ends. */
const staffSessionAnswer: Answer = {
  status: 200,
  build: (builder) => {
    builder.headers(jsonResponse).jsonBody({
      email: like('desk@example.ac.jp'),
      role: 'desk',
      secondFactorRequired: boolean(false),
      expiresInSeconds: int(1800),
      idleTimeoutSeconds: int(1800),
      warningSeconds: int(120),
    });
  },
};

/** An application as the console's page reads it: its id and status (the page switches on the status). */
const applicationAnswer = (status: string): Answer => ({
  status: 200,
  build: (builder) => {
    builder.headers(jsonResponse).jsonBody({ id: like(EXAMPLE_APPLICATION_ID), status });
  },
});

/** A future due date (the server refuses one in the past). */
const DUE = '2031-03-31T08:00:00.000Z';
const returnRequest: ReturnForChanges = {
  sections: ['documents'],
  documentIds: [],
  dueAt: DUE,
  message: 'Please upload the graduation certificate with the seal.',
};

describe('the staff session check', () => {
  for (const [operation, method] of [
    ['getStaffSession', 'GET'],
    ['extendStaffSession', 'POST'],
  ] as const) {
    const call = (api: Parameters<Parameters<typeof interactionTest>[2]['test']>[0]) => api[operation]();
    interactionTest(pact, `${operation}: a desk member's live session answers 200 with the role`, {
      given: [staffStates.deskSignedIn],
      uponReceiving: `a ${method} of the current staff session of a desk member`,
      request: { method, path: current, signedIn: true },
      response: staffSessionAnswer,
      test: async (api) => {
        const outcome = await call(api);
        expect(outcome).toMatchObject({
          ok: true,
          data: { role: 'desk', secondFactorRequired: false, expiresInSeconds: 1800 },
        });
      },
    });
    interactionTest(pact, `${operation}: no staff cookie answers 401 (signed out)`, {
      uponReceiving: `a ${method} of the current staff session without a staff session cookie`,
      request: { method, path: current },
      response: noSession(401),
      test: async (api) => {
        expectFailure(await call(api), { failure: 'signedOut', status: 401 });
      },
    });
    interactionTest(pact, `${operation}: a revoked session answers 403 (terminated)`, {
      given: [staffStates.staffSessionRevoked],
      uponReceiving: `a ${method} of the current staff session with the cookie of a revoked session`,
      request: { method, path: current, signedIn: true },
      response: problem(403, 'session-revoked', 'The session was disconnected.'),
      test: async (api) => {
        expectFailure(await call(api), { failure: 'terminated', status: 403 });
      },
    });
  }
});

describe('the staff accounts list (the desk only)', () => {
  interactionTest(pact, 'lists the staff accounts for the desk: 200', {
    given: [staffStates.deskSignedIn],
    uponReceiving: 'a GET of the staff accounts by a desk member',
    request: { method: 'GET', path: '/api/staff/accounts', signedIn: true },
    response: {
      status: 200,
      build: (builder) => {
        builder.headers(jsonResponse).jsonBody({
          accounts: eachLike({ id: like('3'), email: like('desk@example.ac.jp'), role: like('desk') }),
        });
      },
    },
    test: async (api) => {
      const outcome = await api.listStaffAccounts();
      expect(outcome.ok && outcome.data.accounts.length).toBeGreaterThan(0);
    },
  });
  interactionTest(pact, 'lists the staff accounts with a revoked session: 401 (signed out)', {
    given: [staffStates.staffSessionRevoked],
    uponReceiving: 'a GET of the staff accounts with the cookie of a revoked staff session',
    request: { method: 'GET', path: '/api/staff/accounts', signedIn: true },
    response: noSession(401),
    test: async (api) => {
      expectFailure(await api.listStaffAccounts(), { failure: 'signedOut', status: 401 });
    },
  });
  interactionTest(pact, 'lists the staff accounts before a second factor: 403 second_factor_required', {
    given: [staffStates.noSecondFactor],
    uponReceiving: 'a GET of the staff accounts by a staff member without a second factor',
    request: { method: 'GET', path: '/api/staff/accounts', signedIn: true },
    response: secondFactorRequired,
    test: async (api) => {
      expectFailure(await api.listStaffAccounts(), { failure: 'secondFactorRequired', status: 403 });
    },
  });
  interactionTest(pact, 'lists the staff accounts as a supervisor: 403 role_refused', {
    given: [staffStates.supervisorSignedIn],
    uponReceiving: 'a GET of the staff accounts by a supervisor',
    request: { method: 'GET', path: '/api/staff/accounts', signedIn: true },
    response: roleRefused,
    test: async (api) => {
      expectFailure(await api.listStaffAccounts(), { failure: 'roleRefused', status: 403 });
    },
  });
});

describe('the applications list', () => {
  interactionTest(pact, 'lists the submitted applications for the desk: 200 with the page and the total', {
    given: [states.submittedApplication, staffStates.deskSignedIn],
    uponReceiving: 'a GET of the submitted applications by a desk member',
    request: {
      method: 'GET',
      path: applications,
      query: { status: 'submitted', page: '1', pageSize: '25' },
      signedIn: true,
    },
    response: {
      status: 200,
      build: (builder) => {
        builder.headers(jsonResponse).jsonBody({
          applications: eachLike({ id: like(EXAMPLE_APPLICATION_ID), status: 'submitted' }),
          total: int(1),
          page: 1,
          pageSize: 25,
        });
      },
    },
    test: async (api) => {
      const outcome = await api.listStaffApplications({ status: 'submitted', page: 1, pageSize: 25 });
      expect(outcome).toMatchObject({ ok: true, data: { page: 1, pageSize: 25 } });
      expect(outcome.ok && outcome.data.applications[0]?.status).toBe('submitted');
    },
  });
  interactionTest(pact, 'lists with a sort the contract does not know: 400 naming the parameter', {
    given: [staffStates.deskSignedIn],
    uponReceiving: 'a GET of the applications with an unknown sort',
    request: { method: 'GET', path: applications, query: { sort: 'name' }, signedIn: true },
    response: fieldRefused('sort', 'invalid'),
    test: async (api) => {
      const outcome = await api.listStaffApplications({ sort: 'name' as 'reference' });
      expectFailure(outcome, { failure: 'badQuery', status: 400 });
    },
  });
  interactionTest(pact, 'lists with a revoked session: 401 (signed out)', {
    given: [staffStates.staffSessionRevoked],
    uponReceiving: 'a GET of the applications with the cookie of a revoked staff session',
    request: { method: 'GET', path: applications, signedIn: true },
    response: noSession(401),
    test: async (api) => {
      expectFailure(await api.listStaffApplications(), { failure: 'signedOut', status: 401 });
    },
  });
  interactionTest(pact, 'lists before a second factor: 403 second_factor_required', {
    given: [staffStates.noSecondFactor],
    uponReceiving: 'a GET of the applications by a staff member without a second factor',
    request: { method: 'GET', path: applications, signedIn: true },
    response: secondFactorRequired,
    test: async (api) => {
      expectFailure(await api.listStaffApplications(), { failure: 'secondFactorRequired', status: 403 });
    },
  });
});

describe('an application', () => {
  interactionTest(pact, 'reads a submitted application for the desk: 200', {
    given: [states.submittedApplication, staffStates.deskSignedIn],
    uponReceiving: 'a GET of a submitted application by a desk member',
    request: { method: 'GET', path: applicationPath(), signedIn: true },
    response: applicationAnswer('submitted'),
    test: async (api) => {
      const outcome = await api.getStaffApplication(EXAMPLE_APPLICATION_ID);
      expect(outcome).toMatchObject({ ok: true, data: { id: EXAMPLE_APPLICATION_ID, status: 'submitted' } });
    },
  });
  interactionTest(pact, 'reads an application with a revoked session: 401 (signed out)', {
    given: [staffStates.staffSessionRevoked],
    uponReceiving: 'a GET of an application with the cookie of a revoked staff session',
    request: { method: 'GET', path: unknownApplication(), signedIn: true },
    response: noSession(401),
    test: async (api) => {
      expectFailure(await api.getStaffApplication(UNKNOWN_ID), { failure: 'signedOut', status: 401 });
    },
  });
  interactionTest(pact, 'reads an application before a second factor: 403 second_factor_required', {
    given: [states.submittedApplication, staffStates.noSecondFactor],
    uponReceiving: 'a GET of an application by a staff member without a second factor',
    request: { method: 'GET', path: applicationPath(), signedIn: true },
    response: secondFactorRequired,
    test: async (api) => {
      expectFailure(await api.getStaffApplication(EXAMPLE_APPLICATION_ID), {
        failure: 'secondFactorRequired',
        status: 403,
      });
    },
  });
  interactionTest(pact, 'reads an application id never issued: 404 application_not_found', {
    given: [staffStates.deskSignedIn],
    uponReceiving: 'a GET of an application id never issued by a desk member',
    request: { method: 'GET', path: unknownApplication(), signedIn: true },
    response: applicationNotFound,
    test: async (api) => {
      expectFailure(await api.getStaffApplication(UNKNOWN_ID), {
        failure: 'applicationNotFound',
        status: 404,
      });
    },
  });
});

/** The desk's two actions share their failure rows (StaffApplicationConflict, the deciding roles). */
const actions = [
  {
    name: 'returnApplicationForChanges',
    noun: 'return for changes',
    method: 'POST',
    suffix: '/return',
    body: returnRequest,
    call: (api: Api, id: string) => api.returnApplicationForChanges(id, returnRequest),
    done: 'returned',
    refused: {
      body: { ...returnRequest, dueAt: '2020-01-01T00:00:00.000Z' },
      field: 'dueAt',
      code: 'past',
      call: (api: Api, id: string) =>
        api.returnApplicationForChanges(id, { ...returnRequest, dueAt: '2020-01-01T00:00:00.000Z' }),
    },
  },
  {
    name: 'recordApplicationDecision',
    noun: 'decision',
    method: 'PUT',
    suffix: '/decision',
    body: { outcome: 'accepted' },
    call: (api: Api, id: string) => api.recordApplicationDecision(id, { outcome: 'accepted' }),
    done: 'decided',
    refused: {
      body: { outcome: 'notAccepted' },
      field: 'reasonId',
      code: 'required',
      call: (api: Api, id: string) => api.recordApplicationDecision(id, { outcome: 'notAccepted' }),
    },
  },
] as const;
type Api = Parameters<Parameters<typeof interactionTest>[2]['test']>[0];

describe.each(actions)('the $noun', ({ name, noun, method, suffix, body, call, done, refused }) => {
  interactionTest(pact, `${name}: of a submitted application by the desk: 200 with it ${done}`, {
    given: [states.submittedApplication, staffStates.deskSignedIn],
    uponReceiving: `a ${method} of a ${noun} of a submitted application by a desk member`,
    request: { method, path: applicationPath(suffix), body, signedIn: true },
    response: applicationAnswer(done),
    test: async (api) => {
      expect(await call(api, EXAMPLE_APPLICATION_ID)).toMatchObject({ ok: true, data: { status: done } });
    },
  });
  interactionTest(pact, `${name}: a refused field: 400 naming it`, {
    given: [states.submittedApplication, staffStates.deskSignedIn],
    uponReceiving: `a ${method} of a ${noun} with ${refused.field} refused (${refused.code})`,
    request: { method, path: applicationPath(suffix), body: refused.body, signedIn: true },
    response: fieldRefused(refused.field, refused.code),
    test: async (api) => {
      const outcome = await refused.call(api, EXAMPLE_APPLICATION_ID);
      expectFailure(outcome, { failure: 'validation', status: 400 });
    },
  });
  interactionTest(pact, `${name}: with a revoked session: 401 (signed out)`, {
    given: [staffStates.staffSessionRevoked],
    uponReceiving: `a ${method} of a ${noun} with the cookie of a revoked staff session`,
    request: { method, path: unknownApplication(suffix), body, signedIn: true },
    response: noSession(401),
    test: async (api) => {
      expectFailure(await call(api, UNKNOWN_ID), { failure: 'signedOut', status: 401 });
    },
  });
  interactionTest(pact, `${name}: before a second factor: 403 second_factor_required`, {
    given: [states.submittedApplication, staffStates.noSecondFactor],
    uponReceiving: `a ${method} of a ${noun} by a staff member without a second factor`,
    request: { method, path: applicationPath(suffix), body, signedIn: true },
    response: secondFactorRequired,
    test: async (api) => {
      expectFailure(await call(api, EXAMPLE_APPLICATION_ID), {
        failure: 'secondFactorRequired',
        status: 403,
      });
    },
  });
  interactionTest(pact, `${name}: by a supervisor: 403 role_refused`, {
    given: [states.submittedApplication, staffStates.supervisorSignedIn],
    uponReceiving: `a ${method} of a ${noun} by a supervisor`,
    request: { method, path: applicationPath(suffix), body, signedIn: true },
    response: roleRefused,
    test: async (api) => {
      expectFailure(await call(api, EXAMPLE_APPLICATION_ID), { failure: 'roleRefused', status: 403 });
    },
  });
  interactionTest(pact, `${name}: of an id never issued: 404 application_not_found`, {
    given: [staffStates.deskSignedIn],
    uponReceiving: `a ${method} of a ${noun} of an application id never issued`,
    request: { method, path: unknownApplication(suffix), body, signedIn: true },
    response: applicationNotFound,
    test: async (api) => {
      expectFailure(await call(api, UNKNOWN_ID), { failure: 'applicationNotFound', status: 404 });
    },
  });
  interactionTest(pact, `${name}: of a withdrawn application: 409 not_reviewable`, {
    given: [states.withdrawnApplication, staffStates.deskSignedIn],
    uponReceiving: `a ${method} of a ${noun} of a withdrawn application`,
    request: { method, path: applicationPath(suffix), body, signedIn: true },
    response: conflict('not_reviewable'),
    test: async (api) => {
      expectFailure(await call(api, EXAMPLE_APPLICATION_ID), { failure: 'notReviewable', status: 409 });
    },
  });
  interactionTest(pact, `${name}: of a decided application: 409 already_decided`, {
    given: [states.decidedApplication, staffStates.deskSignedIn],
    uponReceiving: `a ${method} of a ${noun} of a decided application`,
    request: { method, path: applicationPath(suffix), body, signedIn: true },
    response: conflict('already_decided'),
    test: async (api) => {
      expectFailure(await call(api, EXAMPLE_APPLICATION_ID), { failure: 'alreadyDecided', status: 409 });
    },
  });
});
