// Sign in, the current session, sign out (spec 4 session states; spec 8 sign-in and session-check rows).
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  accountNotFound,
  createPact,
  EMAIL,
  expectFailure,
  jsonResponse,
  noSession,
  PASSWORD,
  problem,
  states,
  verifyInteraction,
  wrongPassword,
} from './support/pact';

const { like, regex } = MatchersV3;
const pact = createPact();
const sessions = '/api/applicant/sessions';
const current = '/api/applicant/sessions/current';

describe('sessions', () => {
  it('signs in: 200 with the session status and a new session cookie', () =>
    verifyInteraction(pact, {
      given: [states.accountExists],
      uponReceiving: 'a POST to sign in with the right password',
      method: 'POST',
      path: sessions,
      body: { email: EMAIL, password: PASSWORD },
      status: 200,
      response: (builder) => {
        builder
          .headers({
            ...jsonResponse,
            'Set-Cookie': regex(
              '^pre_admission_session=[^;]+(;.*)?$',
              'pre_admission_session=4f8a0c; Max-Age=43200; Path=/; HttpOnly; SameSite=Lax',
            ),
          })
          .jsonBody({ signedIn: true, email: like(EMAIL) });
      },
      test: async (api) => {
        const outcome = await api.signIn({ email: EMAIL, password: PASSWORD });
        expect(outcome).toEqual({ ok: true, data: { signedIn: true, email: EMAIL } });
      },
    }));

  it('signs in to an unknown address: 404 is "account not found" on the email field', () =>
    verifyInteraction(pact, {
      given: [states.noAccount],
      uponReceiving: 'a POST to sign in with an address that has no account',
      method: 'POST',
      path: sessions,
      body: { email: 'nobody@example.com', password: PASSWORD },
      status: 404,
      response: accountNotFound,
      test: async (api) => {
        expectFailure(await api.signIn({ email: 'nobody@example.com', password: PASSWORD }), {
          failure: 'accountNotFound',
          field: 'email',
          status: 404,
        });
      },
    }));

  it('signs in with a wrong password: 403 is "password is incorrect" on the password field', () =>
    verifyInteraction(pact, {
      given: [states.accountExists],
      uponReceiving: 'a POST to sign in with a wrong password',
      method: 'POST',
      path: sessions,
      body: { email: EMAIL, password: 'Wr0ngPassword' },
      status: 403,
      response: wrongPassword(403),
      test: async (api) => {
        expectFailure(await api.signIn({ email: EMAIL, password: 'Wr0ngPassword' }), {
          failure: 'wrongPassword',
          field: 'password',
          status: 403,
        });
      },
    }));

  it('reads the current session: 200 with the signed-in applicant', () =>
    verifyInteraction(pact, {
      given: [states.signedIn],
      uponReceiving: 'a GET of the current session with a live session cookie',
      method: 'GET',
      path: current,
      signedIn: true,
      status: 200,
      response: (builder) => {
        builder.headers(jsonResponse).jsonBody({ email: like(EMAIL) });
      },
      test: async (api) => {
        expect(await api.getCurrentSession()).toEqual({ ok: true, data: { email: EMAIL } });
      },
    }));

  it('reads the current session without a cookie: 401 is "signed out"', () =>
    verifyInteraction(pact, {
      uponReceiving: 'a GET of the current session without a session cookie',
      method: 'GET',
      path: current,
      status: 401,
      response: noSession(401),
      test: async (api) => {
        expectFailure(await api.getCurrentSession(), { failure: 'signedOut', status: 401 });
      },
    }));

  it('reads a revoked session: 403 is "terminated" (sign-in then shows "session was disconnected")', () =>
    verifyInteraction(pact, {
      given: [states.sessionRevoked],
      uponReceiving: 'a GET of the current session with the cookie of a revoked session',
      method: 'GET',
      path: current,
      signedIn: true,
      status: 403,
      response: problem(403, 'session-revoked', 'The session was disconnected.'),
      test: async (api) => {
        expectFailure(await api.getCurrentSession(), { failure: 'terminated', status: 403 });
      },
    }));

  it('signs out: 204 and the session cookie is cleared', () =>
    verifyInteraction(pact, {
      given: [states.signedIn],
      uponReceiving: 'a DELETE of the session with a live session cookie',
      method: 'DELETE',
      path: sessions,
      signedIn: true,
      status: 204,
      response: (builder) => {
        builder.headers({
          'Set-Cookie': regex(
            '^pre_admission_session=(;.*)?$',
            'pre_admission_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
          ),
        });
      },
      test: async (api) => {
        await expect(api.signOut()).resolves.toBeUndefined();
      },
    }));
});
