// Forgotten-password reset by mailed link: request, read the token, finish (spec 2 /password-reset-request,
// /password-reset/{id}; spec 8 reset rows).
import { describe, expect, it } from 'vitest';
import {
  accountNotFound,
  createPact,
  EMAIL,
  EXAMPLE_CREATED_AT,
  EXAMPLE_TOKEN,
  expectFailure,
  NEW_PASSWORD,
  states,
  tokenBody,
  tokenNotFound,
  tokenPath,
  UNKNOWN_TOKEN,
  verifyInteraction,
} from './support/pact';

const pact = createPact();
const resets = '/api/applicant/password-reset-requests';

describe('password reset', () => {
  it('requests a reset for a registered address: 202', () =>
    verifyInteraction(pact, {
      given: [states.accountExists],
      uponReceiving: 'a POST to request a password reset for an address with an account',
      method: 'POST',
      path: resets,
      body: { email: EMAIL },
      status: 202,
      test: async (api) => {
        expect(await api.requestPasswordReset({ email: EMAIL })).toEqual({ ok: true, data: undefined });
      },
    }));

  it('requests a reset for an unknown address: 404 is "email address not found" on the email field', () =>
    verifyInteraction(pact, {
      given: [states.noAccount],
      uponReceiving: 'a POST to request a password reset for an address that has no account',
      method: 'POST',
      path: resets,
      body: { email: 'nobody@example.com' },
      status: 404,
      response: accountNotFound,
      test: async (api) => {
        expectFailure(await api.requestPasswordReset({ email: 'nobody@example.com' }), {
          failure: 'emailNotFound',
          field: 'email',
          status: 404,
        });
      },
    }));

  it('reads a reset token: 200 with the address to show and when it was asked for', () =>
    verifyInteraction(pact, {
      given: [states.passwordResetToken],
      uponReceiving: 'a GET of a live password reset token',
      method: 'GET',
      path: tokenPath(resets),
      status: 200,
      response: tokenBody(EMAIL),
      test: async (api) => {
        expect(await api.getPasswordReset(EXAMPLE_TOKEN)).toEqual({
          ok: true,
          data: { token: EXAMPLE_TOKEN, email: EMAIL, createdAt: new Date(EXAMPLE_CREATED_AT) },
        });
      },
    }));

  it('reads an unknown reset token: 404 is "URL is invalid"', () =>
    verifyInteraction(pact, {
      given: [states.passwordResetToken],
      uponReceiving: 'a GET of a password reset token that was never issued',
      method: 'GET',
      path: `${resets}/${UNKNOWN_TOKEN}`,
      status: 404,
      response: tokenNotFound,
      test: async (api) => {
        expectFailure(await api.getPasswordReset(UNKNOWN_TOKEN), { failure: 'invalidToken', status: 404 });
      },
    }));

  it('finishes a reset: 204', () =>
    verifyInteraction(pact, {
      given: [states.passwordResetToken],
      uponReceiving: 'a PATCH to finish a password reset with a live token and a valid password',
      method: 'PATCH',
      path: tokenPath(resets),
      body: { password: NEW_PASSWORD },
      status: 204,
      test: async (api) => {
        expect(await api.finishPasswordReset(EXAMPLE_TOKEN, { password: NEW_PASSWORD })).toEqual({
          ok: true,
          data: undefined,
        });
      },
    }));
});
