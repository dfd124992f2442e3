// The provider states of the authenticator app, the second step and REQUIRE_SECOND_FACTOR: each sets up what
// its sentence says, and the values it returns work in the requests the pacts send with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetStateSettings, setUpState, stateDoc } from '../src/providerStates/states.ts';
import { PASSWORD, register, startServer, type TestServer } from './helpers.ts';

const SECRET = 'provider-states-secret-for-tests';
let server: TestServer;
let withStates: TestServer;
beforeAll(async () => {
  server = await startServer();
  withStates = await startServer({ providerStates: true, providerStatesSecret: SECRET }, server);
  await register(server, 'applicant@example.com');
});
afterAll(async () => {
  await withStates.close();
  await server.close();
});

const state = (sentence: string) => setUpState(server.services, sentence);

describe('the second-factor provider states', () => {
  it('"the authenticator app is being set up": its code turns the app on', async () => {
    const { cookie, code } = await state('the authenticator app is being set up');
    expect(code).toMatch(/^[0-9]{6}$/);
    const response = await server.call('enableAuthenticatorApp', { cookie: cookie!, body: { code: code! } });
    expect(response.status).toBe(200);
    expect((response.body as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
  });

  it('"the authenticator app is on": on, ten codes, and the session may change it', async () => {
    const { cookie } = await state('the authenticator app is on');
    expect((await server.call('getAuthenticatorApp', { cookie: cookie! })).body).toMatchObject({
      on: true,
      recoveryCodesLeft: 10,
    });
    expect((await server.call('renewRecoveryCodes', { cookie: cookie! })).status).toBe(200);
    expect((await server.call('disableAuthenticatorApp', { cookie: cookie! })).status).toBe(204);
  });

  it('"a password sign-in waits for its second step": its code, or its recovery code, finishes it', async () => {
    for (const key of ['code', 'recoveryCode'] as const) {
      const values = await state('a password sign-in waits for its second step');
      expect(values.secondStepCookie).toMatch(/^pre_admission_second_step=[A-Za-z0-9_-]{43}$/);
      const response = await server.call('finishSignIn', {
        cookie: values.secondStepCookie!,
        body: { [key]: values[key]! },
      });
      expect(response.status, key).toBe(200);
      expect(response.body).toEqual({ signedIn: true, email: 'applicant@example.com' });
    }
  });

  it('"a second factor is required and the account has none": secondFactorRequired and 403, until the teardown', async () => {
    const { cookie } = await state('a second factor is required and the account has none');
    expect((await server.call('getCurrentSession', { cookie: cookie! })).body).toMatchObject({
      secondFactorRequired: true,
    });
    const plan = await server.call('getPlan', { cookie: cookie! });
    expect(plan.status).toBe(403);
    expect(plan.body).toMatchObject({ code: 'second_factor_required' });
    // Another state of the same interaction keeps it; the interaction's teardown puts it back.
    await state('the applicant has a passkey');
    expect(server.config.requireSecondFactor).toBe(true);
    resetStateSettings(server.services);
    const next = await state('the applicant is signed in');
    expect((await server.call('getPlan', { cookie: next.cookie! })).status).toBe(200);
    expect(server.config.requireSecondFactor).toBe(false);
  });

  it('over HTTP, a teardown puts REQUIRE_SECOND_FACTOR back too', async () => {
    const post = (body: object) =>
      withStates.app.inject({
        method: 'POST',
        url: '/_pact/provider-states',
        payload: body,
        headers: { 'x-provider-states-secret': SECRET },
      });
    const setUp = await post({
      state: 'a second factor is required and the account has none',
      action: 'setup',
    });
    expect(setUp.statusCode).toBe(200);
    expect(withStates.config.requireSecondFactor).toBe(true);
    expect(
      (await post({ state: 'a second factor is required and the account has none', action: 'teardown' }))
        .statusCode,
    ).toBe(200);
    expect(withStates.config.requireSecondFactor).toBe(false);
  });

  it('"an account exists for …" after the app was on: the plain account, its password signs in alone', async () => {
    await state('the authenticator app is on');
    await state('an account exists for applicant@example.com');
    const response = await server.call('signIn', {
      body: { email: 'applicant@example.com', password: PASSWORD },
    });
    expect(response.body).toEqual({ signedIn: true, email: 'applicant@example.com' });
  });

  it.each([
    'the authenticator app is being set up',
    'the authenticator app is on',
    'a password sign-in waits for its second step',
    'a second factor is required and the account has none',
  ])('"%s" is documented for pacts/README.md', (sentence) => {
    expect(stateDoc(sentence)?.setsUp).toBeTruthy();
  });
});
