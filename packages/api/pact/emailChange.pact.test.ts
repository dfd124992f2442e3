// Change of e-mail address: request (signed in), activation by the mailed link (spec 2
// /email-change-request, /change-email-requests/{id}; spec 8 email change rows).
import { describe, expect, it } from 'vitest';
import {
  apiFor,
  createPact,
  EXAMPLE_TOKEN,
  headers,
  jsonHeaders,
  NEW_EMAIL,
  problem,
  sessionCookie,
  states,
  tokenPath,
  UNKNOWN_TOKEN,
} from './support/pact';

const pact = createPact();
const changes = '/api/applicant/email-change-requests';

describe('email change', () => {
  it('requests a change to a free address: 202', async () => {
    await pact
      .addInteraction()
      .given(states.signedIn)
      .given(states.newAddressIsFree)
      .uponReceiving('a POST to request an email change to a free address while signed in')
      .withRequest('POST', changes, (builder) => {
        builder.headers({ ...jsonHeaders, ...sessionCookie }).jsonBody({ email: NEW_EMAIL });
      })
      .willRespondWith(202)
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver, { signedIn: true });
        expect(await api.requestEmailChange({ email: NEW_EMAIL })).toEqual({ ok: true, data: undefined });
      });
  });

  it('requests a change without a valid session: 404 sends the applicant back to /', async () => {
    await pact
      .addInteraction()
      .given(states.sessionRevoked)
      .uponReceiving('a POST to request an email change with the cookie of a revoked session')
      .withRequest('POST', changes, (builder) => {
        builder.headers({ ...jsonHeaders, ...sessionCookie }).jsonBody({ email: NEW_EMAIL });
      })
      .willRespondWith(404, problem(404, 'no-session', 'You are not signed in.'))
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver, { signedIn: true });
        const outcome = await api.requestEmailChange({ email: NEW_EMAIL });
        expect(outcome).toMatchObject({ ok: false, failure: 'noSession' });
        expect(!outcome.ok && outcome.error.status).toBe(404);
      });
  });

  it('requests a change to an address in use: 409 is the "already in use" toast', async () => {
    await pact
      .addInteraction()
      .given(states.signedIn)
      .given(states.otherAccountExists)
      .uponReceiving('a POST to request an email change to an address another account holds')
      .withRequest('POST', changes, (builder) => {
        builder.headers({ ...jsonHeaders, ...sessionCookie }).jsonBody({ email: 'taken@example.com' });
      })
      .willRespondWith(409, problem(409, 'email-in-use', 'This e-mail address is already in use.'))
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver, { signedIn: true });
        const outcome = await api.requestEmailChange({ email: 'taken@example.com' });
        expect(outcome).toMatchObject({ ok: false, failure: 'emailInUse' });
        expect(!outcome.ok && outcome.error.status).toBe(409);
      });
  });

  it('activates a change: 204', async () => {
    await pact
      .addInteraction()
      .given(states.emailChangeToken)
      .uponReceiving('a PATCH to activate an email change with a live token')
      .withRequest('PATCH', tokenPath(changes), (builder) => {
        builder.headers(headers);
      })
      .willRespondWith(204)
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        expect(await api.activateEmailChange(EXAMPLE_TOKEN)).toEqual({ ok: true, data: undefined });
      });
  });

  it('activates a change with an unknown token: 404 is "invalid token"', async () => {
    await pact
      .addInteraction()
      .given(states.emailChangeToken)
      .uponReceiving('a PATCH to activate an email change with a token that was never issued')
      .withRequest('PATCH', `${changes}/${UNKNOWN_TOKEN}`, (builder) => {
        builder.headers(headers);
      })
      .willRespondWith(404, problem(404, 'token-not-found', 'This link is invalid or has expired.'))
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        const outcome = await api.activateEmailChange(UNKNOWN_TOKEN);
        expect(outcome).toMatchObject({ ok: false, failure: 'invalidToken' });
        expect(!outcome.ok && outcome.error.status).toBe(404);
      });
  });
});
