// The signed-in applicant's plan (docs/behaviour.md#rules; docs/behaviour.md#error-catalogue plan rows): read it,
// save it, a save the rules refuse (400 with the field), and no valid session (404, back to /).
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect } from 'vitest';
import { examplePlan } from '../src/mocks';
import {
  createPact,
  expectFailure,
  int,
  interactionTest,
  jsonResponse,
  noSession,
  oneOf,
  states,
  validationProblem,
  type Answer,
} from './support/pact';

const { eachLike } = MatchersV3;
const pact = createPact();
const plan = '/api/applicant/plan';
const studentTypes = ['researchStudent', 'master', 'doctoral', 'exchange'] as const;

/** A plan with every field, matched by type: the screens read each of them. */
const planBody = {
  studentType: oneOf(studentTypes, 'master'),
  programId: int(11),
  teacherId: int(103),
  readyCertificateIds: eachLike(int(311)),
  readyMaterialIds: eachLike(int(311)),
  scholarshipTypeId: int(12),
  scholarshipStatusId: int(4),
  financialSupportId: int(1),
  countryId: int(156),
  universityId: int(101),
};
const planAnswer: Answer = {
  status: 200,
  build: (builder) => {
    builder.headers(jsonResponse).jsonBody(planBody);
  },
};
/** A supervisor the master's programme does not offer: teacher 102 takes research students only. */
const refusedPlan = { ...examplePlan, teacherId: 102 };
// The planner shows each field in its error summary: the field and the code are pinned.
const refusedAnswer = validationProblem(eachLike({ field: 'teacherId', code: 'not_offered' }));

describe('the plan', () => {
  interactionTest(pact, 'reads the saved plan: 200 with every choice', {
    given: [states.savedPlan],
    uponReceiving: 'a GET of the plan of an applicant who has saved one',
    request: { method: 'GET', path: plan, signedIn: true },
    response: planAnswer,
    test: async (api) => {
      expect(await api.getPlan()).toEqual({ ok: true, data: examplePlan });
    },
  });

  interactionTest(pact, 'reads the plan without a valid session: 404 sends the applicant back to /', {
    given: [states.sessionRevoked],
    uponReceiving: 'a GET of the plan with the cookie of a revoked session',
    request: { method: 'GET', path: plan, signedIn: true },
    response: noSession(404),
    test: async (api) => {
      expectFailure(await api.getPlan(), { failure: 'noSession', status: 404 });
    },
  });

  interactionTest(pact, 'saves a plan the rules allow: 200 with the plan as stored', {
    given: [states.signedIn],
    uponReceiving: 'a PUT of a plan whose every choice the rules offer',
    request: { method: 'PUT', path: plan, body: { ...examplePlan }, signedIn: true },
    response: planAnswer,
    test: async (api) => {
      expect(await api.savePlan(examplePlan)).toEqual({ ok: true, data: examplePlan });
    },
  });

  interactionTest(pact, 'saves a supervisor the programme does not offer: 400 names the field', {
    given: [states.signedIn],
    uponReceiving: 'a PUT of a plan whose supervisor the programme does not offer',
    request: { method: 'PUT', path: plan, body: refusedPlan, signedIn: true },
    response: refusedAnswer,
    test: async (api) => {
      const outcome = await api.savePlan(refusedPlan);
      expectFailure(outcome, { failure: 'refused', status: 400 });
      expect(!outcome.ok && outcome.error.problem?.errors).toEqual([
        { field: 'teacherId', code: 'not_offered' },
      ]);
    },
  });

  interactionTest(pact, 'saves the plan without a valid session: 404 sends the applicant back to /', {
    given: [states.sessionRevoked],
    uponReceiving: 'a PUT of the plan with the cookie of a revoked session',
    request: { method: 'PUT', path: plan, body: { ...examplePlan }, signedIn: true },
    response: noSession(404),
    test: async (api) => {
      expectFailure(await api.savePlan(examplePlan), { failure: 'noSession', status: 404 });
    },
  });
});
