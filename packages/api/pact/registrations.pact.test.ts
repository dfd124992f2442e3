// Registration by mailed link: request, read the token, finish (docs/behaviour.md#routes /registrations-request,
// /registrations/{id}; docs/behaviour.md#error-catalogue registration rows).
import { describe, expect } from 'vitest';
import {
  COMMON_PASSWORD,
  createPact,
  EMAIL,
  EXAMPLE_TOKEN,
  expectFailure,
  interactionTest,
  NEW_EMAIL,
  PASSWORD,
  mailAccepted,
  EXAMPLE_NEXT_SEND,
  problem,
  refusedLinkTests,
  refusedPassword,
  renewalTests,
  states,
  tokenFlowTests,
  tokenNotFound,
  tokenPath,
  UNKNOWN_TOKEN,
} from './support/pact';

const pact = createPact();
const registrations = '/api/applicant/registrations';

describe('registrations', () => {
  interactionTest(pact, 'requests a registration for a free address: 202', {
    given: [states.newAddressIsFree],
    uponReceiving: 'a POST to start a registration for an address without an account',
    request: { method: 'POST', path: registrations, body: { email: NEW_EMAIL } },
    response: mailAccepted,
    test: async (api) => {
      expect(await api.requestRegistration({ email: NEW_EMAIL })).toEqual({
        ok: true,
        data: { nextSendAllowedAt: new Date(EXAMPLE_NEXT_SEND) },
      });
    },
  });

  interactionTest(
    pact,
    'requests a registration for a registered address: 409 is "already registered" on the email field',
    {
      given: [states.accountExists],
      uponReceiving: 'a POST to start a registration for an address that already has an account',
      request: { method: 'POST', path: registrations, body: { email: EMAIL } },
      response: problem(409, 'email-already-registered', 'This e-mail address is already registered.'),
      test: async (api) => {
        expectFailure(await api.requestRegistration({ email: EMAIL }), {
          failure: 'emailAlreadyRegistered',
          status: 409,
        });
      },
    },
  );

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

  refusedLinkTests(pact, {
    noun: 'registration',
    method: 'GET',
    path: registrations,
    cases: [
      { code: 'used', given: states.usedRegistrationToken },
      { code: 'expired', given: states.expiredRegistrationToken },
      { code: 'superseded', given: states.supersededRegistrationToken },
    ],
    call: (api, token) => api.getRegistration(token),
  });

  renewalTests(pact, {
    noun: 'registration',
    path: registrations,
    expired: states.expiredRegistrationToken,
    live: states.registrationToken,
    refused: [
      { code: 'used', given: states.usedRegistrationToken },
      { code: 'superseded', given: states.supersededRegistrationToken },
    ],
    limitReached: states.mailLimitReachedForNew,
    renew: (api, token) => api.renewRegistration(token),
  });

  interactionTest(pact, 'finishes a registration with a used or unknown token: 404 is "invalid token"', {
    given: [states.registrationToken],
    uponReceiving: 'a PATCH to finish a registration with a token that is not live',
    request: { method: 'PATCH', path: `${registrations}/${UNKNOWN_TOKEN}`, body: { password: PASSWORD } },
    response: tokenNotFound,
    test: async (api) => {
      expectFailure(await api.finishRegistration(UNKNOWN_TOKEN, { password: PASSWORD }), {
        failure: 'invalidToken',
        status: 404,
      });
    },
  });

  interactionTest(
    pact,
    'finishes a registration with a common password: 400 common_password is the field’s message',
    {
      given: [states.registrationToken],
      uponReceiving: 'a PATCH to finish a registration with a password from a breach list',
      request: { method: 'PATCH', path: tokenPath(registrations), body: { password: COMMON_PASSWORD } },
      response: refusedPassword('password', 'common_password'),
      test: async (api) => {
        expectFailure(await api.finishRegistration(EXAMPLE_TOKEN, { password: COMMON_PASSWORD }), {
          failure: 'commonPassword',
          status: 400,
        });
      },
    },
  );
});
