// Password change for a signed-in applicant (docs/behaviour.md#routes /password-change; docs/behaviour.md#error-catalogue password change rows).
import { describe, expect } from 'vitest';
import {
  COMMON_PASSWORD,
  confirmationRequired,
  createPact,
  expectFailure,
  interactionTest,
  NEW_PASSWORD,
  noSession,
  PASSWORD,
  refusedPassword,
  states,
  wrongPassword,
} from './support/pact';

const pact = createPact();
const password = '/api/applicant/password';
const change = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD };
const wrongChange = { currentPassword: 'Wr0ngPassword', newPassword: NEW_PASSWORD };

describe('password change', () => {
  interactionTest(pact, 'changes the password: 204', {
    given: [states.signedIn],
    uponReceiving: 'a PATCH to change the password with the right current password',
    request: { method: 'PATCH', path: password, body: change, signedIn: true },
    response: { status: 204 },
    test: async (api) => {
      expect(await api.changePassword(change)).toEqual({ ok: true, data: undefined });
    },
  });

  interactionTest(
    pact,
    'changes the password long after signing in: 403 confirmation_required, the screen asks',
    {
      given: [states.notConfirmed],
      uponReceiving: 'a PATCH to change the password when the sign-in is not recent',
      request: { method: 'PATCH', path: password, body: change, signedIn: true },
      response: confirmationRequired,
      test: async (api) => {
        expectFailure(await api.changePassword(change), { failure: 'confirmationRequired', status: 403 });
      },
    },
  );

  interactionTest(pact, 'changes the password without a valid session: 404 sends the applicant back to /', {
    given: [states.sessionRevoked],
    uponReceiving: 'a PATCH to change the password with the cookie of a revoked session',
    request: { method: 'PATCH', path: password, body: change, signedIn: true },
    response: noSession(404),
    test: async (api) => {
      expectFailure(await api.changePassword(change), { failure: 'noSession', status: 404 });
    },
  });

  interactionTest(
    pact,
    'changes the password with a wrong current password: 409 is "password is incorrect" on currentPassword',
    {
      given: [states.signedIn],
      uponReceiving: 'a PATCH to change the password with a wrong current password',
      request: { method: 'PATCH', path: password, body: wrongChange, signedIn: true },
      response: wrongPassword(409),
      test: async (api) => {
        expectFailure(await api.changePassword(wrongChange), {
          failure: 'wrongPassword',
          status: 409,
        });
      },
    },
  );

  // Two new passwords that fit the rule and are still refused, each with its own code on the new password.
  const refusals = [
    {
      what: 'a common one',
      newPassword: COMMON_PASSWORD,
      code: 'common_password',
      failure: 'commonPassword',
      uponReceiving: 'a password from a breach list',
    },
    {
      what: 'the current one',
      newPassword: PASSWORD,
      code: 'same_as_current',
      failure: 'sameAsCurrentPassword',
      uponReceiving: 'the current password',
    },
  ] as const;
  for (const { what, newPassword, code, failure, uponReceiving } of refusals) {
    const refusedChange = { currentPassword: PASSWORD, newPassword };
    interactionTest(pact, `changes the password to ${what}: 400 ${code} is the new password’s message`, {
      given: [states.signedIn],
      uponReceiving: `a PATCH to change the password to ${uponReceiving}`,
      request: { method: 'PATCH', path: password, body: refusedChange, signedIn: true },
      response: refusedPassword('newPassword', code),
      test: async (api) => {
        expectFailure(await api.changePassword(refusedChange), { failure, status: 400 });
      },
    });
  }
});
