// Password change for a signed-in applicant (spec 2 /password-change; spec 8 password change rows).
import { describe, expect, it } from 'vitest';
import {
  apiFor,
  createPact,
  jsonHeaders,
  NEW_PASSWORD,
  PASSWORD,
  problem,
  sessionCookie,
  states,
} from './support/pact';

const pact = createPact();
const password = '/api/applicant/password';

describe('password change', () => {
  it('changes the password: 204', async () => {
    await pact
      .addInteraction()
      .given(states.signedIn)
      .uponReceiving('a PATCH to change the password with the right current password')
      .withRequest('PATCH', password, (builder) => {
        builder
          .headers({ ...jsonHeaders, ...sessionCookie })
          .jsonBody({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      })
      .willRespondWith(204)
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver, { signedIn: true });
        expect(await api.changePassword({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).toEqual({
          ok: true,
          data: undefined,
        });
      });
  });

  it('changes the password without a valid session: 404 sends the applicant back to /', async () => {
    await pact
      .addInteraction()
      .given(states.sessionRevoked)
      .uponReceiving('a PATCH to change the password with the cookie of a revoked session')
      .withRequest('PATCH', password, (builder) => {
        builder
          .headers({ ...jsonHeaders, ...sessionCookie })
          .jsonBody({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      })
      .willRespondWith(404, problem(404, 'no-session', 'You are not signed in.'))
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver, { signedIn: true });
        const outcome = await api.changePassword({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
        expect(outcome).toMatchObject({ ok: false, failure: 'noSession' });
        expect(!outcome.ok && outcome.error.status).toBe(404);
      });
  });

  it('changes the password with a wrong current password: 409 is "password is incorrect" on currentPassword', async () => {
    await pact
      .addInteraction()
      .given(states.signedIn)
      .uponReceiving('a PATCH to change the password with a wrong current password')
      .withRequest('PATCH', password, (builder) => {
        builder
          .headers({ ...jsonHeaders, ...sessionCookie })
          .jsonBody({ currentPassword: 'Wr0ngPassword', newPassword: NEW_PASSWORD });
      })
      .willRespondWith(409, problem(409, 'wrong-password', 'The password is incorrect.'))
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver, { signedIn: true });
        const outcome = await api.changePassword({
          currentPassword: 'Wr0ngPassword',
          newPassword: NEW_PASSWORD,
        });
        expect(outcome).toMatchObject({ ok: false, failure: 'wrongPassword', field: 'currentPassword' });
        expect(!outcome.ok && outcome.error.status).toBe(409);
      });
  });
});
