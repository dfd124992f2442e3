// Change of e-mail address: request (signed in), activation by the mailed link (spec 2
// /email-change-request, /change-email-requests/{id}; spec 8 email change rows).
import { describe, expect, it } from 'vitest';
import {
  createPact,
  EXAMPLE_TOKEN,
  expectFailure,
  NEW_EMAIL,
  noSession,
  problem,
  states,
  tokenNotFound,
  tokenPath,
  UNKNOWN_TOKEN,
  verifyInteraction,
} from './support/pact';

const pact = createPact();
const changes = '/api/applicant/email-change-requests';

describe('email change', () => {
  it('requests a change to a free address: 202', () =>
    verifyInteraction(pact, {
      given: [states.signedIn, states.newAddressIsFree],
      uponReceiving: 'a POST to request an email change to a free address while signed in',
      method: 'POST',
      path: changes,
      body: { email: NEW_EMAIL },
      signedIn: true,
      status: 202,
      test: async (api) => {
        expect(await api.requestEmailChange({ email: NEW_EMAIL })).toEqual({ ok: true, data: undefined });
      },
    }));

  it('requests a change without a valid session: 404 sends the applicant back to /', () =>
    verifyInteraction(pact, {
      given: [states.sessionRevoked],
      uponReceiving: 'a POST to request an email change with the cookie of a revoked session',
      method: 'POST',
      path: changes,
      body: { email: NEW_EMAIL },
      signedIn: true,
      status: 404,
      response: noSession(404),
      test: async (api) => {
        expectFailure(await api.requestEmailChange({ email: NEW_EMAIL }), {
          failure: 'noSession',
          status: 404,
        });
      },
    }));

  it('requests a change to an address in use: 409 is the "already in use" toast', () =>
    verifyInteraction(pact, {
      given: [states.signedIn, states.otherAccountExists],
      uponReceiving: 'a POST to request an email change to an address another account holds',
      method: 'POST',
      path: changes,
      body: { email: 'taken@example.com' },
      signedIn: true,
      status: 409,
      response: problem(409, 'email-in-use', 'This e-mail address is already in use.'),
      test: async (api) => {
        expectFailure(await api.requestEmailChange({ email: 'taken@example.com' }), {
          failure: 'emailInUse',
          status: 409,
        });
      },
    }));

  it('activates a change: 204', () =>
    verifyInteraction(pact, {
      given: [states.emailChangeToken],
      uponReceiving: 'a PATCH to activate an email change with a live token',
      method: 'PATCH',
      path: tokenPath(changes),
      status: 204,
      test: async (api) => {
        expect(await api.activateEmailChange(EXAMPLE_TOKEN)).toEqual({ ok: true, data: undefined });
      },
    }));

  it('activates a change with an unknown token: 404 is "invalid token"', () =>
    verifyInteraction(pact, {
      given: [states.emailChangeToken],
      uponReceiving: 'a PATCH to activate an email change with a token that was never issued',
      method: 'PATCH',
      path: `${changes}/${UNKNOWN_TOKEN}`,
      status: 404,
      response: tokenNotFound,
      test: async (api) => {
        expectFailure(await api.activateEmailChange(UNKNOWN_TOKEN), { failure: 'invalidToken', status: 404 });
      },
    }));
});
