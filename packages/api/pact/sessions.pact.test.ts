// Sign in, the current session, sign out (docs/behaviour.md#session session states; docs/behaviour.md#error-catalogue sign-in and session-check rows).
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect } from 'vitest';
import {
  accountNotFound,
  type Answer,
  createPact,
  EMAIL,
  expectFailure,
  interactionTest,
  jsonResponse,
  noSession,
  PASSWORD,
  problem,
  signedInAnswer,
  states,
  wrongPassword,
} from './support/pact';

const { boolean, integer, like, regex } = MatchersV3;
const pact = createPact();
const sessions = '/api/applicant/sessions';
const current = '/api/applicant/sessions/current';

const isoDateTime = (example: string) =>
  regex('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$', example);

/**
 * 200 with the signed-in applicant and when the session ends: the timeout warning counts down from
 * `expiresInSeconds` and says the idle time in minutes (docs/behaviour.md#session).
 */
const currentSessionAnswer: Answer = {
  status: 200,
  build: (builder) => {
    builder.headers(jsonResponse).jsonBody({
      email: like(EMAIL),
      expiresAt: isoDateTime('2026-11-21T08:30:00.000Z'),
      absoluteExpiresAt: isoDateTime('2026-11-21T20:00:00.000Z'),
      expiresInSeconds: integer(1800),
      idleTimeoutSeconds: integer(1800),
      warningSeconds: integer(120),
      confirmedUntil: isoDateTime('2026-11-21T08:10:00.000Z'),
      secondFactorRequired: boolean(false),
    });
  },
};

/** What the adapter hands the app for {@link currentSessionAnswer}. */
const currentSession = {
  email: EMAIL,
  expiresAt: '2026-11-21T08:30:00.000Z',
  absoluteExpiresAt: '2026-11-21T20:00:00.000Z',
  expiresInSeconds: 1800,
  idleTimeoutSeconds: 1800,
  warningSeconds: 120,
  confirmedUntil: '2026-11-21T08:10:00.000Z',
  secondFactorRequired: false,
};

/** 204 with the session cookie cleared. */
const signedOutAnswer: Answer = {
  status: 204,
  build: (builder) => {
    builder.headers({
      'Set-Cookie': regex(
        '^pre_admission_session=(;.*)?$',
        'pre_admission_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
      ),
    });
  },
};

describe('sessions', () => {
  interactionTest(pact, 'signs in: 200 with the session status and a new session cookie', {
    given: [states.accountExists],
    uponReceiving: 'a POST to sign in with the right password',
    request: { method: 'POST', path: sessions, body: { email: EMAIL, password: PASSWORD } },
    response: signedInAnswer,
    test: async (api) => {
      const outcome = await api.signIn({ email: EMAIL, password: PASSWORD });
      expect(outcome).toEqual({ ok: true, data: { signedIn: true, email: EMAIL } });
    },
  });

  interactionTest(pact, 'signs in to an unknown address: 404 is "account not found" on the email field', {
    given: [states.noAccount],
    uponReceiving: 'a POST to sign in with an address that has no account',
    request: { method: 'POST', path: sessions, body: { email: 'nobody@example.com', password: PASSWORD } },
    response: accountNotFound,
    test: async (api) => {
      expectFailure(await api.signIn({ email: 'nobody@example.com', password: PASSWORD }), {
        failure: 'accountNotFound',
        status: 404,
      });
    },
  });

  interactionTest(
    pact,
    'signs in with a wrong password: 403 is "password is incorrect" on the password field',
    {
      given: [states.accountExists],
      uponReceiving: 'a POST to sign in with a wrong password',
      request: { method: 'POST', path: sessions, body: { email: EMAIL, password: 'Wr0ngPassword' } },
      response: wrongPassword(403),
      test: async (api) => {
        expectFailure(await api.signIn({ email: EMAIL, password: 'Wr0ngPassword' }), {
          failure: 'wrongPassword',
          status: 403,
        });
      },
    },
  );

  interactionTest(pact, 'reads the current session: 200 with the signed-in applicant', {
    given: [states.signedIn],
    uponReceiving: 'a GET of the current session with a live session cookie',
    request: { method: 'GET', path: current, signedIn: true },
    response: currentSessionAnswer,
    test: async (api) => {
      expect(await api.getCurrentSession()).toEqual({ ok: true, data: currentSession });
    },
  });

  interactionTest(pact, 'extends the session ("Stay signed in"): 200 with when it now ends', {
    given: [states.signedIn],
    uponReceiving: 'a POST to extend the current session with a live session cookie',
    request: { method: 'POST', path: current, signedIn: true },
    response: currentSessionAnswer,
    test: async (api) => {
      expect(await api.extendSession()).toEqual({ ok: true, data: currentSession });
    },
  });

  interactionTest(pact, 'extends without a cookie: 401 is "signed out"', {
    uponReceiving: 'a POST to extend the current session without a session cookie',
    request: { method: 'POST', path: current },
    response: noSession(401),
    test: async (api) => {
      expectFailure(await api.extendSession(), { failure: 'signedOut', status: 401 });
    },
  });

  interactionTest(pact, 'extends a session that has ended: 403 is "terminated", it cannot be revived', {
    given: [states.sessionIdle],
    uponReceiving:
      'a POST to extend the current session with the cookie of a session idle past its idle time',
    request: { method: 'POST', path: current, signedIn: true },
    response: problem(403, 'session-revoked', 'The session was disconnected.'),
    test: async (api) => {
      expectFailure(await api.extendSession(), { failure: 'terminated', status: 403 });
    },
  });

  interactionTest(pact, 'reads a session idle past its idle time: 403 is "terminated"', {
    given: [states.sessionIdle],
    uponReceiving: 'a GET of the current session with the cookie of a session idle past its idle time',
    request: { method: 'GET', path: current, signedIn: true },
    response: problem(403, 'session-revoked', 'The session was disconnected.'),
    test: async (api) => {
      expectFailure(await api.getCurrentSession(), { failure: 'terminated', status: 403 });
    },
  });

  interactionTest(pact, 'reads the current session without a cookie: 401 is "signed out"', {
    uponReceiving: 'a GET of the current session without a session cookie',
    request: { method: 'GET', path: current },
    response: noSession(401),
    test: async (api) => {
      expectFailure(await api.getCurrentSession(), { failure: 'signedOut', status: 401 });
    },
  });

  interactionTest(
    pact,
    'reads a revoked session: 403 is "terminated" (sign-in then shows "session was disconnected")',
    {
      given: [states.sessionRevoked],
      uponReceiving: 'a GET of the current session with the cookie of a revoked session',
      request: { method: 'GET', path: current, signedIn: true },
      response: problem(403, 'session-revoked', 'The session was disconnected.'),
      test: async (api) => {
        expectFailure(await api.getCurrentSession(), { failure: 'terminated', status: 403 });
      },
    },
  );

  interactionTest(pact, 'signs out: 204 and the session cookie is cleared', {
    given: [states.signedIn],
    uponReceiving: 'a DELETE of the session with a live session cookie',
    request: { method: 'DELETE', path: sessions, signedIn: true },
    response: signedOutAnswer,
    test: async (api) => {
      await expect(api.signOut()).resolves.toBeUndefined();
    },
  });
});
