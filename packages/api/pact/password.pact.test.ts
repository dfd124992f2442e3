// Password change for a signed-in applicant (docs/behaviour.md#routes /password-change; docs/behaviour.md#error-catalogue password change rows).
import { describe, expect } from 'vitest';
import {
  COMMON_PASSWORD,
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

  const commonChange = { currentPassword: PASSWORD, newPassword: COMMON_PASSWORD };
  interactionTest(
    pact,
    'changes the password to a common one: 400 common_password is the new password’s message',
    {
      given: [states.signedIn],
      uponReceiving: 'a PATCH to change the password to a password from a breach list',
      request: { method: 'PATCH', path: password, body: commonChange, signedIn: true },
      response: refusedPassword('newPassword', 'common_password'),
      test: async (api) => {
        expectFailure(await api.changePassword(commonChange), { failure: 'commonPassword', status: 400 });
      },
    },
  );

  const sameChange = { currentPassword: PASSWORD, newPassword: PASSWORD };
  interactionTest(
    pact,
    'changes the password to the current one: 400 same_as_current is the new password’s message',
    {
      given: [states.signedIn],
      uponReceiving: 'a PATCH to change the password to the current password',
      request: { method: 'PATCH', path: password, body: sameChange, signedIn: true },
      response: refusedPassword('newPassword', 'same_as_current'),
      test: async (api) => {
        expectFailure(await api.changePassword(sameChange), {
          failure: 'sameAsCurrentPassword',
          status: 400,
        });
      },
    },
  );
});
