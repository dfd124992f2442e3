// Change of e-mail address: request (signed in), activation by the mailed link (docs/behaviour.md#routes
// /email-change-request, /change-email-requests/{id}; docs/behaviour.md#error-catalogue email change rows).
import { describe, expect } from 'vitest';
import {
  confirmationRequired,
  createPact,
  EMAIL,
  EXAMPLE_NEXT_SEND,
  EXAMPLE_TOKEN,
  mailAccepted,
  refusedLinkTests,
  expectFailure,
  interactionTest,
  NEW_EMAIL,
  noSession,
  problem,
  states,
  tokenNotFound,
  tokenPath,
  UNKNOWN_TOKEN,
  validationProblem,
} from './support/pact';

const pact = createPact();
const changes = '/api/applicant/email-change-requests';

describe('email change', () => {
  interactionTest(pact, 'requests a change to a free address: 202', {
    given: [states.signedIn, states.newAddressIsFree],
    uponReceiving: 'a POST to request an email change to a free address while signed in',
    request: { method: 'POST', path: changes, body: { email: NEW_EMAIL }, signedIn: true },
    response: mailAccepted,
    test: async (api) => {
      expect(await api.requestEmailChange({ email: NEW_EMAIL })).toEqual({
        ok: true,
        data: { nextSendAllowedAt: new Date(EXAMPLE_NEXT_SEND) },
      });
    },
  });

  interactionTest(pact, 'requests a change without a valid session: 404 sends the applicant back to /', {
    given: [states.sessionRevoked],
    uponReceiving: 'a POST to request an email change with the cookie of a revoked session',
    request: { method: 'POST', path: changes, body: { email: NEW_EMAIL }, signedIn: true },
    response: noSession(404),
    test: async (api) => {
      expectFailure(await api.requestEmailChange({ email: NEW_EMAIL }), {
        failure: 'noSession',
        status: 404,
      });
    },
  });

  interactionTest(
    pact,
    'requests a change long after signing in: 403 confirmation_required, the screen asks',
    {
      given: [states.notConfirmed, states.newAddressIsFree],
      uponReceiving: 'a POST to request an email change when the sign-in is not recent',
      request: { method: 'POST', path: changes, body: { email: NEW_EMAIL }, signedIn: true },
      response: confirmationRequired,
      test: async (api) => {
        expectFailure(await api.requestEmailChange({ email: NEW_EMAIL }), {
          failure: 'confirmationRequired',
          status: 403,
        });
      },
    },
  );

  interactionTest(pact, 'requests a change to an address in use: 409 is the "already in use" toast', {
    given: [states.signedIn, states.otherAccountExists],
    uponReceiving: 'a POST to request an email change to an address another account holds',
    request: { method: 'POST', path: changes, body: { email: 'taken@example.com' }, signedIn: true },
    response: problem(409, 'email-in-use', 'This e-mail address is already in use.'),
    test: async (api) => {
      expectFailure(await api.requestEmailChange({ email: 'taken@example.com' }), {
        failure: 'emailInUse',
        status: 409,
      });
    },
  });

  interactionTest(
    pact,
    'requests a change to your own current address: 400 same_as_current is the email’s message',
    {
      given: [states.signedIn],
      uponReceiving: 'a POST to request an email change to the signed-in applicant’s own address',
      request: { method: 'POST', path: changes, body: { email: EMAIL.toUpperCase() }, signedIn: true },
      response: validationProblem([{ field: 'email', code: 'same_as_current' }]),
      test: async (api) => {
        expectFailure(await api.requestEmailChange({ email: EMAIL.toUpperCase() }), {
          failure: 'sameAsCurrentEmail',
          status: 400,
        });
      },
    },
  );

  interactionTest(pact, 'activates a change: 204', {
    given: [states.emailChangeToken],
    uponReceiving: 'a PATCH to activate an email change with a live token',
    request: { method: 'PATCH', path: tokenPath(changes) },
    response: { status: 204 },
    test: async (api) => {
      expect(await api.activateEmailChange(EXAMPLE_TOKEN)).toEqual({ ok: true, data: undefined });
    },
  });

  interactionTest(pact, 'activates a change with an unknown token: 404 is "invalid token"', {
    given: [states.emailChangeToken],
    uponReceiving: 'a PATCH to activate an email change with a token that was never issued',
    request: { method: 'PATCH', path: `${changes}/${UNKNOWN_TOKEN}` },
    response: tokenNotFound,
    test: async (api) => {
      expectFailure(await api.activateEmailChange(UNKNOWN_TOKEN), { failure: 'invalidToken', status: 404 });
    },
  });

  refusedLinkTests(pact, {
    noun: 'email change',
    method: 'PATCH',
    path: changes,
    cases: [
      { code: 'used', given: states.usedEmailChangeToken },
      { code: 'superseded', given: states.supersededEmailChangeToken },
    ],
    call: (api, token) => api.activateEmailChange(token),
  });
});
