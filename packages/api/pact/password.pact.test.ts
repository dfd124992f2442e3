// Password change for a signed-in applicant (spec 2 /password-change; spec 8 password change rows).
import { describe, expect, it } from 'vitest';
import {
  createPact,
  expectFailure,
  NEW_PASSWORD,
  noSession,
  PASSWORD,
  states,
  verifyInteraction,
  wrongPassword,
} from './support/pact';

const pact = createPact();
const password = '/api/applicant/password';
const change = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD };
const wrongChange = { currentPassword: 'Wr0ngPassword', newPassword: NEW_PASSWORD };

describe('password change', () => {
  it('changes the password: 204', () =>
    verifyInteraction(pact, {
      given: [states.signedIn],
      uponReceiving: 'a PATCH to change the password with the right current password',
      method: 'PATCH',
      path: password,
      body: change,
      signedIn: true,
      status: 204,
      test: async (api) => {
        expect(await api.changePassword(change)).toEqual({ ok: true, data: undefined });
      },
    }));

  it('changes the password without a valid session: 404 sends the applicant back to /', () =>
    verifyInteraction(pact, {
      given: [states.sessionRevoked],
      uponReceiving: 'a PATCH to change the password with the cookie of a revoked session',
      method: 'PATCH',
      path: password,
      body: change,
      signedIn: true,
      status: 404,
      response: noSession(404),
      test: async (api) => {
        expectFailure(await api.changePassword(change), { failure: 'noSession', status: 404 });
      },
    }));

  it('changes the password with a wrong current password: 409 is "password is incorrect" on currentPassword', () =>
    verifyInteraction(pact, {
      given: [states.signedIn],
      uponReceiving: 'a PATCH to change the password with a wrong current password',
      method: 'PATCH',
      path: password,
      body: wrongChange,
      signedIn: true,
      status: 409,
      response: wrongPassword(409),
      test: async (api) => {
        expectFailure(await api.changePassword(wrongChange), {
          failure: 'wrongPassword',
          field: 'currentPassword',
          status: 409,
        });
      },
    }));
});
