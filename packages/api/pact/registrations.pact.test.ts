// Registration by mailed link: request, read the token, finish (spec 2 /registrations-request,
// /registrations/{id}; spec 8 registration rows).
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  apiFor,
  createPact,
  dateTime,
  EMAIL,
  EXAMPLE_TOKEN,
  headers,
  jsonHeaders,
  jsonResponse,
  NEW_EMAIL,
  PASSWORD,
  problem,
  states,
  tokenPath,
  UNKNOWN_TOKEN,
} from './support/pact';

const { like } = MatchersV3;
const pact = createPact();
const registrations = '/api/applicant/registrations';

describe('registrations', () => {
  it('requests a registration for a free address: 202', async () => {
    await pact
      .addInteraction()
      .given(states.newAddressIsFree)
      .uponReceiving('a POST to start a registration for an address without an account')
      .withRequest('POST', registrations, (builder) => {
        builder.headers(jsonHeaders).jsonBody({ email: NEW_EMAIL });
      })
      .willRespondWith(202)
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        expect(await api.requestRegistration({ email: NEW_EMAIL })).toEqual({ ok: true, data: undefined });
      });
  });

  it('requests a registration for a registered address: 409 is "already registered" on the email field', async () => {
    await pact
      .addInteraction()
      .given(states.accountExists)
      .uponReceiving('a POST to start a registration for an address that already has an account')
      .withRequest('POST', registrations, (builder) => {
        builder.headers(jsonHeaders).jsonBody({ email: EMAIL });
      })
      .willRespondWith(
        409,
        problem(409, 'email-already-registered', 'This e-mail address is already registered.'),
      )
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        const outcome = await api.requestRegistration({ email: EMAIL });
        expect(outcome).toMatchObject({ ok: false, failure: 'emailAlreadyRegistered', field: 'email' });
        expect(!outcome.ok && outcome.error.status).toBe(409);
      });
  });

  it('reads a registration token: 200 with the address to show and when it was asked for', async () => {
    await pact
      .addInteraction()
      .given(states.registrationToken)
      .uponReceiving('a GET of a live registration token')
      .withRequest('GET', tokenPath(registrations), (builder) => {
        builder.headers(headers);
      })
      .willRespondWith(200, (builder) => {
        builder.headers(jsonResponse).jsonBody({
          token: like(EXAMPLE_TOKEN),
          email: like(NEW_EMAIL),
          createdAt: dateTime('2026-11-21T08:30:00.000Z'),
        });
      })
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        expect(await api.getRegistration(EXAMPLE_TOKEN)).toEqual({
          ok: true,
          data: { token: EXAMPLE_TOKEN, email: NEW_EMAIL, createdAt: new Date('2026-11-21T08:30:00.000Z') },
        });
      });
  });

  it('reads an unknown registration token: 404 is "URL is invalid"', async () => {
    await pact
      .addInteraction()
      .given(states.registrationToken)
      .uponReceiving('a GET of a registration token that was never issued')
      .withRequest('GET', `${registrations}/${UNKNOWN_TOKEN}`, (builder) => {
        builder.headers(headers);
      })
      .willRespondWith(404, problem(404, 'token-not-found', 'This link is invalid or has expired.'))
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        const outcome = await api.getRegistration(UNKNOWN_TOKEN);
        expect(outcome).toMatchObject({ ok: false, failure: 'invalidToken' });
        expect(!outcome.ok && outcome.error.status).toBe(404);
      });
  });

  it('finishes a registration: 204', async () => {
    await pact
      .addInteraction()
      .given(states.registrationToken)
      .uponReceiving('a PATCH to finish a registration with a live token and a valid password')
      .withRequest('PATCH', tokenPath(registrations), (builder) => {
        builder.headers(jsonHeaders).jsonBody({ password: PASSWORD });
      })
      .willRespondWith(204)
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        expect(await api.finishRegistration(EXAMPLE_TOKEN, { password: PASSWORD })).toEqual({
          ok: true,
          data: undefined,
        });
      });
  });

  it('finishes a registration with a used or unknown token: 404 is "invalid token"', async () => {
    await pact
      .addInteraction()
      .given(states.registrationToken)
      .uponReceiving('a PATCH to finish a registration with a token that is not live')
      .withRequest('PATCH', `${registrations}/${UNKNOWN_TOKEN}`, (builder) => {
        builder.headers(jsonHeaders).jsonBody({ password: PASSWORD });
      })
      .willRespondWith(404, problem(404, 'token-not-found', 'This link is invalid or has expired.'))
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        const outcome = await api.finishRegistration(UNKNOWN_TOKEN, { password: PASSWORD });
        expect(outcome).toMatchObject({ ok: false, failure: 'invalidToken' });
        expect(!outcome.ok && outcome.error.status).toBe(404);
      });
  });
});
