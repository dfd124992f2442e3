// Sign in, the current session, sign out (spec 4 session states; spec 8 sign-in and session-check rows).
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  apiFor,
  createPact,
  EMAIL,
  headers,
  jsonHeaders,
  jsonResponse,
  PASSWORD,
  problem,
  sessionCookie,
  states,
} from './support/pact';

const { like, regex } = MatchersV3;
const pact = createPact();

describe('sessions', () => {
  it('signs in: 200 with the session status and a new session cookie', async () => {
    await pact
      .addInteraction()
      .given(states.accountExists)
      .uponReceiving('a POST to sign in with the right password')
      .withRequest('POST', '/api/applicant/sessions', (builder) => {
        builder.headers(jsonHeaders).jsonBody({ email: EMAIL, password: PASSWORD });
      })
      .willRespondWith(200, (builder) => {
        builder
          .headers({
            ...jsonResponse,
            'Set-Cookie': regex(
              '^pre_admission_session=[^;]+(;.*)?$',
              'pre_admission_session=4f8a0c; Max-Age=43200; Path=/; HttpOnly; SameSite=Lax',
            ),
          })
          .jsonBody({ signedIn: true, email: like(EMAIL) });
      })
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        const outcome = await api.signIn({ email: EMAIL, password: PASSWORD });
        expect(outcome).toEqual({ ok: true, data: { signedIn: true, email: EMAIL } });
      });
  });

  it('signs in to an unknown address: 404 is "account not found" on the email field', async () => {
    await pact
      .addInteraction()
      .given(states.noAccount)
      .uponReceiving('a POST to sign in with an address that has no account')
      .withRequest('POST', '/api/applicant/sessions', (builder) => {
        builder.headers(jsonHeaders).jsonBody({ email: 'nobody@example.com', password: PASSWORD });
      })
      .willRespondWith(404, problem(404, 'account-not-found', 'No account exists for this e-mail address.'))
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        const outcome = await api.signIn({ email: 'nobody@example.com', password: PASSWORD });
        expect(outcome).toMatchObject({ ok: false, failure: 'accountNotFound', field: 'email' });
        expect(!outcome.ok && outcome.error.status).toBe(404);
      });
  });

  it('signs in with a wrong password: 403 is "password is incorrect" on the password field', async () => {
    await pact
      .addInteraction()
      .given(states.accountExists)
      .uponReceiving('a POST to sign in with a wrong password')
      .withRequest('POST', '/api/applicant/sessions', (builder) => {
        builder.headers(jsonHeaders).jsonBody({ email: EMAIL, password: 'Wr0ngPassword' });
      })
      .willRespondWith(403, problem(403, 'wrong-password', 'The password is incorrect.'))
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        const outcome = await api.signIn({ email: EMAIL, password: 'Wr0ngPassword' });
        expect(outcome).toMatchObject({ ok: false, failure: 'wrongPassword', field: 'password' });
        expect(!outcome.ok && outcome.error.status).toBe(403);
      });
  });

  it('reads the current session: 200 with the signed-in applicant', async () => {
    await pact
      .addInteraction()
      .given(states.signedIn)
      .uponReceiving('a GET of the current session with a live session cookie')
      .withRequest('GET', '/api/applicant/sessions/current', (builder) => {
        builder.headers({ ...headers, ...sessionCookie });
      })
      .willRespondWith(200, (builder) => {
        builder.headers(jsonResponse).jsonBody({ email: like(EMAIL) });
      })
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver, { signedIn: true });
        expect(await api.getCurrentSession()).toEqual({ ok: true, data: { email: EMAIL } });
      });
  });

  it('reads the current session without a cookie: 401 is "signed out"', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a GET of the current session without a session cookie')
      .withRequest('GET', '/api/applicant/sessions/current', (builder) => {
        builder.headers(headers);
      })
      .willRespondWith(401, problem(401, 'no-session', 'You are not signed in.'))
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        const outcome = await api.getCurrentSession();
        expect(outcome).toMatchObject({ ok: false, failure: 'signedOut' });
        expect(!outcome.ok && outcome.error.status).toBe(401);
      });
  });

  it('reads a revoked session: 403 is "terminated" (sign-in then shows "session was disconnected")', async () => {
    await pact
      .addInteraction()
      .given(states.sessionRevoked)
      .uponReceiving('a GET of the current session with the cookie of a revoked session')
      .withRequest('GET', '/api/applicant/sessions/current', (builder) => {
        builder.headers({ ...headers, ...sessionCookie });
      })
      .willRespondWith(403, problem(403, 'session-revoked', 'The session was disconnected.'))
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver, { signedIn: true });
        const outcome = await api.getCurrentSession();
        expect(outcome).toMatchObject({ ok: false, failure: 'terminated' });
        expect(!outcome.ok && outcome.error.status).toBe(403);
      });
  });

  it('signs out: 204 and the session cookie is cleared', async () => {
    await pact
      .addInteraction()
      .given(states.signedIn)
      .uponReceiving('a DELETE of the session with a live session cookie')
      .withRequest('DELETE', '/api/applicant/sessions', (builder) => {
        builder.headers({ ...headers, ...sessionCookie });
      })
      .willRespondWith(204, (builder) => {
        builder.headers({
          'Set-Cookie': regex(
            '^pre_admission_session=(;.*)?$',
            'pre_admission_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
          ),
        });
      })
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver, { signedIn: true });
        await expect(api.signOut()).resolves.toBeUndefined();
      });
  });
});
