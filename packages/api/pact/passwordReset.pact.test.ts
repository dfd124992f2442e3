// Forgotten-password reset by mailed link: request, read the token, finish (docs/behaviour.md#routes /password-reset-request,
// /password-reset/{id}; docs/behaviour.md#error-catalogue reset rows).
import { describe, expect } from 'vitest';
import {
  COMMON_PASSWORD,
  refusedPassword,
  tokenPath,
  EXAMPLE_TOKEN,
  accountNotFound,
  createPact,
  EMAIL,
  expectFailure,
  interactionTest,
  EXAMPLE_NEXT_SEND,
  EXAMPLE_SENT_AT,
  mailAccepted,
  NEW_PASSWORD,
  refusedLinkTests,
  renewalTests,
  resetMailAlreadySent,
  states,
  tokenFlowTests,
} from './support/pact';

const pact = createPact();
const resets = '/api/applicant/password-reset-requests';

describe('password reset', () => {
  interactionTest(pact, 'requests a reset for a registered address: 202', {
    given: [states.accountExists],
    uponReceiving: 'a POST to request a password reset for an address with an account',
    request: { method: 'POST', path: resets, body: { email: EMAIL } },
    response: mailAccepted,
    test: async (api) => {
      expect(await api.requestPasswordReset({ email: EMAIL })).toEqual({
        ok: true,
        data: { nextSendAllowedAt: new Date(EXAMPLE_NEXT_SEND) },
      });
    },
  });

  interactionTest(
    pact,
    'requests a reset for an address whose reset mail was just sent: 202 with when it was sent, no new mail',
    {
      given: [states.resetMailJustSent],
      uponReceiving:
        'a POST to request a password reset for an address whose reset mail went out less than the resend cooldown ago',
      request: { method: 'POST', path: resets, body: { email: EMAIL } },
      response: resetMailAlreadySent,
      test: async (api) => {
        expect(await api.requestPasswordReset({ email: EMAIL })).toEqual({
          ok: true,
          data: { nextSendAllowedAt: new Date(EXAMPLE_NEXT_SEND), sentAt: new Date(EXAMPLE_SENT_AT) },
        });
      },
    },
  );

  interactionTest(
    pact,
    'requests a reset for an unknown address: 404 is "email address not found" on the email field',
    {
      given: [states.noAccount],
      uponReceiving: 'a POST to request a password reset for an address that has no account',
      request: { method: 'POST', path: resets, body: { email: 'nobody@example.com' } },
      response: accountNotFound,
      test: async (api) => {
        expectFailure(await api.requestPasswordReset({ email: 'nobody@example.com' }), {
          failure: 'emailNotFound',
          status: 404,
        });
      },
    },
  );

  tokenFlowTests(pact, {
    title: 'reset',
    noun: 'password reset',
    path: resets,
    given: states.passwordResetToken,
    email: EMAIL,
    password: NEW_PASSWORD,
    read: (api, token) => api.getPasswordReset(token),
    finish: (api, token, body) => api.finishPasswordReset(token, body),
  });

  refusedLinkTests(pact, {
    noun: 'password reset',
    method: 'GET',
    path: resets,
    cases: [{ code: 'expired', given: states.expiredPasswordResetToken }],
    call: (api, token) => api.getPasswordReset(token),
  });

  renewalTests(pact, {
    noun: 'password reset',
    path: resets,
    expired: states.expiredPasswordResetToken,
    live: states.passwordResetToken,
    refused: [],
    limitReached: states.mailLimitReachedForApplicant,
    renew: (api, token) => api.renewPasswordReset(token),
  });

  interactionTest(
    pact,
    'finishes a password reset with a common password: 400 common_password is the field’s message',
    {
      given: [states.passwordResetToken],
      uponReceiving: 'a PATCH to finish a password reset with a password from a breach list',
      request: { method: 'PATCH', path: tokenPath(resets), body: { password: COMMON_PASSWORD } },
      response: refusedPassword('password', 'common_password'),
      test: async (api) => {
        expectFailure(await api.finishPasswordReset(EXAMPLE_TOKEN, { password: COMMON_PASSWORD }), {
          failure: 'commonPassword',
          status: 400,
        });
      },
    },
  );
});
