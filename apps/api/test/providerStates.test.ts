// The Pact provider-states hook: the module (for in-process verification) and the HTTP endpoint
// (PROVIDER_STATES=1 with PROVIDER_STATES_SECRET only), on a database that already holds other accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  SAVED_PLAN,
  setUpState,
  stateHandlers,
  UnknownStateError,
} from '../src/providerStates/states.ts';
import { assertUnderLimit, hit, limitKeys } from '../src/platform/rateLimits.ts';
import { register, requestId, startServer, uniqueEmail, type TestServer } from './helpers.ts';

const SECRET = 'provider-states-secret-for-tests';
let server: TestServer;
let withStates: TestServer;
beforeAll(async () => {
  server = await startServer();
  withStates = await startServer({ providerStates: true, providerStatesSecret: SECRET }, server);
  // other data already present
  await register(server, uniqueEmail('bystander'));
  await register(server, 'applicant@example.com');
});
afterAll(async () => {
  await withStates.close();
  await server.close();
});

const ctx = () => ({ db: server.services.db, config: server.config, clock: server.clock });

async function postState(target: TestServer, body: unknown) {
  const response = await target.app.inject({
    method: 'POST',
    url: '/_pact/provider-states',
    payload: body as object,
    headers: { 'x-provider-states-secret': SECRET },
  });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
}

describe('provider states module', () => {
  it('"an account exists for applicant@example.com": sign-in works with the known password', async () => {
    const result = await setUpState(ctx(), 'an account exists for applicant@example.com');
    expect(result).toEqual({ email: 'applicant@example.com', password: DEFAULT_PASSWORD });
    expect((await server.call('signIn', { body: result })).status).toBe(200);
    // again, with another password: the existing account is updated, not duplicated
    await setUpState(ctx(), 'an account exists for applicant@example.com', { password: 'Other1234' });
    const ok = await server.call('signIn', {
      body: { email: 'applicant@example.com', password: 'Other1234' },
    });
    expect(ok.status).toBe(200);
  });

  it('"no account exists for nobody@example.com"', async () => {
    await setUpState(ctx(), 'an account exists for nobody@example.com');
    await setUpState(ctx(), 'no account exists for nobody@example.com');
    const r = await server.call('signIn', { body: { email: 'nobody@example.com', password: 'x' } });
    expect(r.status).toBe(404);
    expect(
      (await server.call('requestPasswordReset', { body: { email: 'nobody@example.com' } })).status,
    ).toBe(404);
  });

  it('"a registration token exists for new@example.com" returns a live token', async () => {
    await setUpState(ctx(), 'an account exists for new@example.com');
    const { token, email } = await setUpState(ctx(), 'a registration token exists for new@example.com');
    expect(email).toBe('new@example.com');
    const read = await server.call('getRegistration', { params: { token: token! } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ token, email: 'new@example.com' });
    const finish = await server.call('finishRegistration', {
      params: { token: token! },
      body: { password: 'Passw0rd2026' },
    });
    expect(finish.status).toBe(204);
  });

  it('"a password reset token exists for applicant@example.com" returns a live token', async () => {
    const { token } = await setUpState(ctx(), 'a password reset token exists for applicant@example.com');
    const read = await server.call('getPasswordReset', { params: { token: token! } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ email: 'applicant@example.com' });
  });

  it('"a password reset mail was just sent to applicant@example.com": the next reset request sends none and says when', async () => {
    // With the resend cooldown on, as the state needs (the shared helpers switch it off).
    const cooled = await startServer(
      { limits: { ...server.config.limits, mailResendCooldown: { max: 1, windowMs: 60_000 } } },
      server,
    );
    try {
      const { token, sentAt } = await setUpState(
        { db: cooled.services.db, config: cooled.config, clock: cooled.clock },
        'a password reset mail was just sent to applicant@example.com',
      );
      expect((await cooled.call('getPasswordReset', { params: { token: token! } })).status).toBe(200);
      const again = await cooled.call('requestPasswordReset', { body: { email: 'applicant@example.com' } });
      expect(again.status).toBe(202);
      expect(again.body).toEqual({
        nextSendAllowedAt: new Date(Date.parse(sentAt!) + 60_000).toISOString(),
        sentAt,
      });
    } finally {
      await cooled.close();
    }
  });

  it('"an email change token exists for changed@example.com" activates', async () => {
    const { token, newEmail } = await setUpState(
      ctx(),
      'an email change token exists for changed@example.com',
      {
        accountEmail: 'changer@example.com',
      },
    );
    expect(newEmail).toBe('changed@example.com');
    expect((await server.call('activateEmailChange', { params: { token: token! } })).status).toBe(204);
    const r = await server.call('signIn', {
      body: { email: 'changed@example.com', password: DEFAULT_PASSWORD },
    });
    expect(r.status).toBe(200);
  });

  it.each([
    ['a used registration token exists for spent@example.com', 'getRegistration', 'used'],
    ['a superseded registration token exists for spent@example.com', 'getRegistration', 'superseded'],
    ['an expired registration token exists for spent@example.com', 'getRegistration', 'expired'],
    ['an expired password reset token exists for applicant@example.com', 'getPasswordReset', 'expired'],
    ['a used email change token exists for spent@example.com', 'activateEmailChange', 'used'],
    ['a superseded email change token exists for spent@example.com', 'activateEmailChange', 'superseded'],
  ] as const)('"%s" returns a token refused with that reason', async (state, operation, code) => {
    const result = await setUpState(ctx(), state);
    const response = await server.call(operation, { params: { token: result.token! } });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code });
    if (code === 'expired') expect(response.body).toMatchObject({ expiredAt: result.expiredAt });
  });

  it('"the applicant is signed in" returns a working cookie; "the session has been revoked" a revoked one', async () => {
    const signedIn = await setUpState(ctx(), 'the applicant is signed in');
    expect(signedIn.cookie).toMatch(/^pre_admission_session=[A-Za-z0-9_-]{43}$/);
    const current = await server.call('getCurrentSession', { cookie: signedIn.cookie! });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ email: 'applicant@example.com' });
    const revoked = await setUpState(ctx(), 'the session has been revoked');
    expect((await server.call('getCurrentSession', { cookie: revoked.cookie! })).status).toBe(403);
  });

  it('"the applicant has saved a plan" returns a cookie whose account reads the saved plan', async () => {
    const saved = await setUpState(ctx(), 'the applicant has saved a plan');
    const plan = await server.call('getPlan', { cookie: saved.cookie! });
    expect(plan.status).toBe(200);
    expect(plan.body).toEqual(SAVED_PLAN);
  });

  it('refuses an unknown state', async () => {
    await expect(setUpState(ctx(), 'the moon is made of cheese')).rejects.toBeInstanceOf(UnknownStateError);
  });

  it('builds a pact-js stateHandlers map', async () => {
    const handlers = stateHandlers(ctx(), ['the applicant is signed in']);
    const result = await handlers['the applicant is signed in']!.setup();
    expect(result.sessionId).toBeDefined();
  });
});

describe('provider states endpoint', () => {
  it('is absent unless PROVIDER_STATES=1', async () => {
    const response = await postState(server, { state: 'the applicant is signed in', action: 'setup' });
    expect(response.status).toBe(404);
  });

  it('sets up a state (Pact provider-states protocol) and returns its values', async () => {
    const setup = await postState(withStates, {
      state: 'a registration token exists for pact@example.com',
      params: {},
      action: 'setup',
    });
    expect(setup.status).toBe(200);
    expect(setup.body).toMatchObject({
      email: 'pact@example.com',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const read = await withStates.call('getRegistration', { params: { token: setup.body.token } });
    expect(read.status).toBe(200);
    const teardown = await postState(withStates, {
      state: 'a registration token exists for pact@example.com',
      action: 'teardown',
    });
    expect(teardown).toEqual({ status: 200, body: {} });
  });

  // The desk console's pact (pacts/README.md): a staff state answers the whole Cookie header as `staffCookie`,
  // which the staff API takes as a session, and a state without a second factor is refused past its own session.
  it('sets up the staff states of the desk console: staffCookie is a live staff session', async () => {
    const desk = await postState(withStates, { state: 'a desk member is signed in', action: 'setup' });
    expect(desk.status).toBe(200);
    expect(desk.body.staffCookie).toMatch(/^pre_admission_staff_session=[^;]+$/);
    const check = await withStates.call('getStaffSession', { cookie: desk.body.staffCookie });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ role: 'desk', secondFactorRequired: false });
    expect((await withStates.call('listStaffAccounts', { cookie: desk.body.staffCookie })).status).toBe(200);

    const fresh = await postState(withStates, {
      state: 'a staff member without a second factor is signed in',
      action: 'setup',
    });
    const refused = await withStates.call('listStaffAccounts', { cookie: fresh.body.staffCookie });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'second_factor_required' });

    const revoked = await postState(withStates, {
      state: 'the staff session has been revoked',
      action: 'setup',
    });
    expect((await withStates.call('listStaffAccounts', { cookie: revoked.body.staffCookie })).status).toBe(
      401,
    );
  });

  it('answers 200 and does nothing for the empty state Pact sends for interactions without one', async () => {
    expect(await postState(withStates, { state: '', action: 'setup' })).toEqual({ status: 200, body: {} });
  });

  it("clears the verifier's own per-client windows, so repeated runs against one provider stay under them", async () => {
    const { db, config, clock } = withStates.services;
    const key = limitKeys.mailClient('127.0.0.1');
    for (let i = 0; i < config.limits.mailsPerClient.max; i++)
      await hit(db, clock, key, config.limits.mailsPerClient);
    await expect(assertUnderLimit(db, clock, key, config.limits.mailsPerClient)).rejects.toThrow();
    await postState(withStates, { state: 'no account exists for nobody@example.com', action: 'setup' });
    await expect(assertUnderLimit(db, clock, key, config.limits.mailsPerClient)).resolves.toBeUndefined();
  });

  it('answers 400 problem+json for an unknown state or a missing one', async () => {
    expect((await postState(withStates, { state: 'nonsense', action: 'setup' })).status).toBe(400);
    expect((await postState(withStates, { action: 'setup' })).status).toBe(400);
  });

  it('the API of the same server still demands X-Request-Id', async () => {
    const r = await withStates.app.inject({ method: 'DELETE', url: '/api/applicant/sessions' });
    expect(r.statusCode).toBe(400);
    const ok = await withStates.app.inject({
      method: 'DELETE',
      url: '/api/applicant/sessions',
      headers: { 'x-request-id': requestId() },
    });
    expect(ok.statusCode).toBe(204);
  });
});
