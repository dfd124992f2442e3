// Registration by mailed link: request, read the token, finish (spec 2 /registrations-request,
// /registrations/{id}; spec 8 registration rows).
import { describe, expect, it } from 'vitest';
import {
  createPact,
  EMAIL,
  expectFailure,
  NEW_EMAIL,
  PASSWORD,
  problem,
  states,
  tokenFlowTests,
  tokenNotFound,
  UNKNOWN_TOKEN,
  verifyInteraction,
} from './support/pact';

const pact = createPact();
const registrations = '/api/applicant/registrations';

describe('registrations', () => {
  it('requests a registration for a free address: 202', () =>
    verifyInteraction(pact, {
      given: [states.newAddressIsFree],
      uponReceiving: 'a POST to start a registration for an address without an account',
      method: 'POST',
      path: registrations,
      body: { email: NEW_EMAIL },
      status: 202,
      test: async (api) => {
        expect(await api.requestRegistration({ email: NEW_EMAIL })).toEqual({ ok: true, data: undefined });
      },
    }));

  it('requests a registration for a registered address: 409 is "already registered" on the email field', () =>
    verifyInteraction(pact, {
      given: [states.accountExists],
      uponReceiving: 'a POST to start a registration for an address that already has an account',
      method: 'POST',
      path: registrations,
      body: { email: EMAIL },
      status: 409,
      response: problem(409, 'email-already-registered', 'This e-mail address is already registered.'),
      test: async (api) => {
        expectFailure(await api.requestRegistration({ email: EMAIL }), {
          failure: 'emailAlreadyRegistered',
          field: 'email',
          status: 409,
        });
      },
    }));

  tokenFlowTests(pact, {
    title: 'registration',
    noun: 'registration',
    path: registrations,
    given: states.registrationToken,
    email: NEW_EMAIL,
    password: PASSWORD,
    read: (api, token) => api.getRegistration(token),
    finish: (api, token, body) => api.finishRegistration(token, body),
  });

  it('finishes a registration with a used or unknown token: 404 is "invalid token"', () =>
    verifyInteraction(pact, {
      given: [states.registrationToken],
      uponReceiving: 'a PATCH to finish a registration with a token that is not live',
      method: 'PATCH',
      path: `${registrations}/${UNKNOWN_TOKEN}`,
      body: { password: PASSWORD },
      status: 404,
      response: tokenNotFound,
      test: async (api) => {
        expectFailure(await api.finishRegistration(UNKNOWN_TOKEN, { password: PASSWORD }), {
          failure: 'invalidToken',
          status: 404,
        });
      },
    }));
});
