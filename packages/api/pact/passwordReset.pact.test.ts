// Forgotten-password reset by mailed link: request, read the token, finish (spec 2 /password-reset-request,
// /password-reset/{id}; spec 8 reset rows).
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
  NEW_PASSWORD,
  problem,
  states,
  tokenPath,
  UNKNOWN_TOKEN,
} from './support/pact';

const { like } = MatchersV3;
const pact = createPact();
const resets = '/api/applicant/password-reset-requests';

describe('password reset', () => {
  it('requests a reset for a registered address: 202', async () => {
    await pact
      .addInteraction()
      .given(states.accountExists)
      .uponReceiving('a POST to request a password reset for an address with an account')
      .withRequest('POST', resets, (builder) => {
        builder.headers(jsonHeaders).jsonBody({ email: EMAIL });
      })
      .willRespondWith(202)
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        expect(await api.requestPasswordReset({ email: EMAIL })).toEqual({ ok: true, data: undefined });
      });
  });

  it('requests a reset for an unknown address: 404 is "email address not found" on the email field', async () => {
    await pact
      .addInteraction()
      .given(states.noAccount)
      .uponReceiving('a POST to request a password reset for an address that has no account')
      .withRequest('POST', resets, (builder) => {
        builder.headers(jsonHeaders).jsonBody({ email: 'nobody@example.com' });
      })
      .willRespondWith(404, problem(404, 'account-not-found', 'No account exists for this e-mail address.'))
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        const outcome = await api.requestPasswordReset({ email: 'nobody@example.com' });
        expect(outcome).toMatchObject({ ok: false, failure: 'emailNotFound', field: 'email' });
        expect(!outcome.ok && outcome.error.status).toBe(404);
      });
  });

  it('reads a reset token: 200 with the address to show and when it was asked for', async () => {
    await pact
      .addInteraction()
      .given(states.passwordResetToken)
      .uponReceiving('a GET of a live password reset token')
      .withRequest('GET', tokenPath(resets), (builder) => {
        builder.headers(headers);
      })
      .willRespondWith(200, (builder) => {
        builder.headers(jsonResponse).jsonBody({
          token: like(EXAMPLE_TOKEN),
          email: like(EMAIL),
          createdAt: dateTime('2026-11-21T08:30:00.000Z'),
        });
      })
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        expect(await api.getPasswordReset(EXAMPLE_TOKEN)).toEqual({
          ok: true,
          data: { token: EXAMPLE_TOKEN, email: EMAIL, createdAt: new Date('2026-11-21T08:30:00.000Z') },
        });
      });
  });

  it('reads an unknown reset token: 404 is "URL is invalid"', async () => {
    await pact
      .addInteraction()
      .given(states.passwordResetToken)
      .uponReceiving('a GET of a password reset token that was never issued')
      .withRequest('GET', `${resets}/${UNKNOWN_TOKEN}`, (builder) => {
        builder.headers(headers);
      })
      .willRespondWith(404, problem(404, 'token-not-found', 'This link is invalid or has expired.'))
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        const outcome = await api.getPasswordReset(UNKNOWN_TOKEN);
        expect(outcome).toMatchObject({ ok: false, failure: 'invalidToken' });
        expect(!outcome.ok && outcome.error.status).toBe(404);
      });
  });

  it('finishes a reset: 204', async () => {
    await pact
      .addInteraction()
      .given(states.passwordResetToken)
      .uponReceiving('a PATCH to finish a password reset with a live token and a valid password')
      .withRequest('PATCH', tokenPath(resets), (builder) => {
        builder.headers(jsonHeaders).jsonBody({ password: NEW_PASSWORD });
      })
      .willRespondWith(204)
      .executeTest(async (mockserver) => {
        const api = apiFor(pact, mockserver);
        expect(await api.finishPasswordReset(EXAMPLE_TOKEN, { password: NEW_PASSWORD })).toEqual({
          ok: true,
          data: undefined,
        });
      });
  });
});
