// Attacks on the second step of a password sign-in (docs/security.md#second-factor). The attacker here knows
// the password (a leak, a phishing page): everything between them and the account is the second step.
import { describe, expect, it } from 'vitest';
import { findAccount } from '../../src/account/accounts.ts';
import { limitKeys } from '../../src/platform/rateLimits.ts';
import { SECOND_FACTOR_FREE, secondFactorDelayMs } from '../../src/account/secondFactorFailures.ts';
import { PASSWORD, serverFixture, startServer, uniqueEmail, type TestServer } from '../helpers.ts';
import { codeAt, nextStep, passwordStep, secondStepCookie, turnAppOn } from '../secondFactorHelpers.ts';
import { addPasskey, passkeyChallenge, siteCeremony, SoftAuthenticator } from '../softAuthenticator.ts';

const { server, register, latestToken } = serverFixture();

/** An account with the app on, and a password step made: its second-step cookie. */
async function accountWaitingForItsCode(label: string, ip?: string) {
  const email = uniqueEmail(label);
  await register(email);
  const app = await turnAppOn(server, email);
  const cookie = await passwordStep(server, email, ip ? { ip } : {});
  return { email, ...app, cookie };
}

const finish = (cookie: string | undefined, body: object, ip?: string) =>
  server.call('finishSignIn', {
    body,
    ...(cookie ? { cookie } : {}),
    ...(ip ? { ip } : {}),
  });

const wrongCode = (right: string) => String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');

describe('a password sign-in never gets a session without the second step', () => {
  it('the right password for an account with the app on: no session cookie, a second step', async () => {
    const email = uniqueEmail('nosession');
    await register(email);
    await turnAppOn(server, email);
    const response = await server.call('signIn', { body: { email, password: PASSWORD } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ signedIn: false, secondStep: ['authenticatorApp', 'recoveryCode'] });
    expect(response.sessionCookie).toBeUndefined();
    expect(response.setCookie.some((cookie) => cookie.startsWith('pre_admission_session='))).toBe(false);
    expect(secondStepCookie(response)).toBeDefined();
    // Nor does the server hold a session for it.
    const accountId = (await findAccount(server.services.db, email))!.id;
    const sessions = await server.services.db.query('select 1 from sessions where account_id = $1', [
      accountId,
    ]);
    expect(sessions).toHaveLength(0);
  });

  it('the second-step cookie is not a session: the plan answers 404 to it', async () => {
    const { cookie } = await accountWaitingForItsCode('notasession');
    const plan = await server.call('getPlan', {
      cookie: cookie.replace('pre_admission_second_step', 'pre_admission_session'),
    });
    expect(plan.status).toBe(404);
    expect((await server.call('getPlan', { cookie })).status).toBe(404);
  });

  it('the right code then starts the session and clears the second-step cookie', async () => {
    const { email, secret, cookie } = await accountWaitingForItsCode('rightcode');
    const response = await finish(cookie, { code: codeAt(server, secret) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ signedIn: true, email });
    expect(response.sessionCookie).toBeTruthy();
    expect(response.setCookie.some((c) => /^pre_admission_second_step=;/.test(c))).toBe(true);
    expect(
      (await server.call('getPlan', { cookie: `pre_admission_session=${response.sessionCookie}` })).status,
    ).toBe(200);
  });
});

describe('a TOTP code reused within its window', () => {
  it('the code that signed in once is refused for a second sign-in in the same 30 seconds', async () => {
    const { email, secret, cookie } = await accountWaitingForItsCode('reuse');
    const code = codeAt(server, secret);
    expect((await finish(cookie, { code })).status).toBe(200);
    // The attacker saw the code over the shoulder and has the password.
    const theirs = await passwordStep(server, email, { ip: '203.0.113.50' });
    const replay = await finish(theirs, { code }, '203.0.113.50');
    expect(replay.status).toBe(403);
    expect(replay.body).toMatchObject({ code: 'wrong_code' });
    expect(replay.sessionCookie).toBeUndefined();
  });

  it('nor is the code of the step before, once a later one was used', async () => {
    const { email, secret, cookie } = await accountWaitingForItsCode('older');
    const earlier = codeAt(server, secret, -1);
    expect((await finish(cookie, { code: codeAt(server, secret) })).status).toBe(200);
    const again = await passwordStep(server, email);
    expect((await finish(again, { code: earlier })).status).toBe(403);
  });

  it('one code sent twice at once starts one session', async () => {
    const { email, secret } = await accountWaitingForItsCode('twice');
    const code = codeAt(server, secret);
    const cookies = [await passwordStep(server, email), await passwordStep(server, email)];
    const answers = await Promise.all(cookies.map((cookie) => finish(cookie, { code })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
  });

  it("a code is accepted at the step before and after now (a phone's clock), not two away", async () => {
    const { secret, cookie } = await accountWaitingForItsCode('drift');
    expect((await finish(cookie, { code: codeAt(server, secret, -2) })).status).toBe(403);
    expect((await finish(cookie, { code: codeAt(server, secret, 2) })).status).toBe(403);
    expect((await finish(cookie, { code: codeAt(server, secret, 1) })).status).toBe(200);
  });
});

describe('brute force of codes', () => {
  // Issue 39, item 2: codes count per account as consecutive failures (secondFactorFailures.ts), not in the
  // password's windows; the account's password ceiling is no longer theirs to fill.
  it('wrong codes are consecutive failures of the account: the free ones, then 429 with the wait', async () => {
    const attacker = '203.0.113.60';
    const { secret, cookie } = await accountWaitingForItsCode('bruteforce', attacker);
    const answers = [];
    for (let i = 0; i < SECOND_FACTOR_FREE + 2; i += 1)
      answers.push((await finish(cookie, { code: wrongCode(codeAt(server, secret)) }, attacker)).status);
    expect(answers).toEqual([...Array(SECOND_FACTOR_FREE).fill(403), 429, 429]);
    // Even the right code waits: the count is before the check.
    const right = await finish(cookie, { code: codeAt(server, secret) }, attacker);
    expect(right.status).toBe(429);
    expect(right.headers['retry-after']).toBe(String(secondFactorDelayMs(SECOND_FACTOR_FREE) / 1000));
  });

  it('a password sign-in again after every few wrong codes does not give more guesses', async () => {
    const attacker = '203.0.113.61';
    const { email, secret } = await accountWaitingForItsCode('againandagain', attacker);
    const answers: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const signIn = await server.call('signIn', { body: { email, password: PASSWORD }, ip: attacker });
      const cookie = secondStepCookie(signIn);
      for (let i = 0; i < 2; i += 1)
        answers.push((await finish(cookie, { code: wrongCode(codeAt(server, secret)) }, attacker)).status);
    }
    expect(answers.filter((status) => status === 403)).toHaveLength(SECOND_FACTOR_FREE);
    expect(answers.at(-1)).toBe(429);
  });

  it("wrong codes count toward the client's budget, as wrong passwords do", async () => {
    const attacker = '203.0.113.62';
    const { max } = server.config.limits.signInFailuresPerClient;
    const statuses: number[] = [];
    while (statuses.filter((s) => s === 403).length < max) {
      const { secret, cookie } = await accountWaitingForItsCode('clientbudget', attacker);
      for (let i = 0; i < SECOND_FACTOR_FREE && statuses.filter((s) => s === 403).length < max; i += 1)
        statuses.push((await finish(cookie, { code: wrongCode(codeAt(server, secret)) }, attacker)).status);
    }
    const { email } = { email: uniqueEmail('clientbudget') };
    await register(email);
    await turnAppOn(server, email);
    // The client's budget is spent: the next password is refused before it is checked.
    const next = await server.call('signIn', { body: { email, password: PASSWORD }, ip: attacker });
    expect(next.status).toBe(429);
  });

  it("an attacker's wrong codes from elsewhere never refuse the owner's password; the owner's code waits its turn", async () => {
    const attacker = '203.0.113.63';
    const owner = '198.51.100.63';
    const { email, secret, cookie } = await accountWaitingForItsCode('fairness', attacker);
    for (let i = 0; i < 10; i += 1)
      await finish(cookie, { code: wrongCode(codeAt(server, secret)) }, attacker);
    const ownersStep = await passwordStep(server, email, { ip: owner });
    const held = await finish(ownersStep, { code: codeAt(server, secret) }, owner);
    expect(held.status).toBe(429);
    server.clock.advance(Number(held.headers['retry-after']) * 1000);
    const response = await finish(ownersStep, { code: codeAt(server, secret) }, owner);
    expect(response.status).toBe(200);
  });

  it("a right code sets the count back, forgives the owner's own failures from their client, and gives back the slots", async () => {
    const owner = '198.51.100.64';
    const { email, secret, cookie, accountId } = await accountWaitingForItsCode('forgiven', owner);
    for (let i = 0; i < SECOND_FACTOR_FREE - 1; i += 1)
      expect((await finish(cookie, { code: wrongCode(codeAt(server, secret)) }, owner)).status).toBe(403);
    expect((await finish(cookie, { code: codeAt(server, secret) }, owner)).status).toBe(200);
    const failures = await server.services.db.query<{ failures: number }>(
      'select second_factor_failures as failures from accounts where id = $1',
      [accountId],
    );
    expect(Number(failures[0]!.failures)).toBe(0);
    const pair = await server.services.db.query('select count from rate_limits where key = $1', [
      limitKeys.signInAccountAndClient(email, owner),
    ]);
    expect(pair).toHaveLength(0);
    // Codes are no part of the account's password ceiling: the owner's password is never refused for them.
    const ceiling = await server.services.db.query<{ count: number }>(
      'select count from rate_limits where key = $1',
      [limitKeys.signInAccount(email)],
    );
    expect(Number(ceiling[0]?.count ?? 0)).toBe(0);
    // And the owner gets their free tries again.
    nextStep(server);
    const again = await passwordStep(server, email, { ip: owner });
    for (let i = 0; i < SECOND_FACTOR_FREE; i += 1)
      expect((await finish(again, { code: wrongCode(codeAt(server, secret)) }, owner)).status).toBe(403);
  });
});

describe('a second-step cookie from another sign-in, expired or used', () => {
  it('no cookie: 401 no_second_step', async () => {
    const response = await finish(undefined, { code: '123456' });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'no_second_step' });
  });

  it('a made-up cookie: 401', async () => {
    expect((await finish('pre_admission_second_step=madeup', { code: '123456' })).status).toBe(401);
  });

  it("another account's second step with this account's code: refused, no session for either", async () => {
    const victim = await accountWaitingForItsCode('victim');
    const attacker = await accountWaitingForItsCode('attacker');
    // The attacker's own second step (their account, their cookie), the victim's code.
    const response = await finish(attacker.cookie, { code: codeAt(server, victim.secret) });
    expect(response.status).toBe(403);
    expect(response.sessionCookie).toBeUndefined();
  });

  it('an expired second step: 401 after five minutes, even with the right code', async () => {
    const { secret, cookie } = await accountWaitingForItsCode('expired');
    server.clock.advance(5 * 60 * 1000);
    const response = await finish(cookie, { code: codeAt(server, secret) });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'no_second_step' });
  });

  it('a used second step: 401 the second time, whatever code it carries', async () => {
    const { secret, cookie } = await accountWaitingForItsCode('used');
    expect((await finish(cookie, { code: codeAt(server, secret) })).status).toBe(200);
    nextStep(server);
    const again = await finish(cookie, { code: codeAt(server, secret) });
    expect(again.status).toBe(401);
    expect(again.sessionCookie).toBeUndefined();
  });

  it('a second step whose password changed since: 401, and the code is not used up', async () => {
    const { email, secret, cookie } = await accountWaitingForItsCode('stale');
    // The owner resets the password meanwhile.
    expect((await server.call('requestPasswordReset', { body: { email } })).status).toBe(202);
    const token = await latestToken(email, 'password-reset');
    const reset = await server.call('finishPasswordReset', {
      params: { token },
      body: { password: 'N3wPassw0rd' },
    });
    expect(reset.status).toBe(204);
    expect((await finish(cookie, { code: codeAt(server, secret) })).status).toBe(401);
    const fresh = await passwordStep(server, email, { password: 'N3wPassw0rd' });
    expect((await finish(fresh, { code: codeAt(server, secret) })).status).toBe(200);
  });
});

describe('recovery codes', () => {
  it('a recovery code signs in once; used twice, it is refused', async () => {
    const { email, recoveryCodes, cookie } = await accountWaitingForItsCode('recovery');
    const code = recoveryCodes[0]!;
    const first = await finish(cookie, { recoveryCode: code.toUpperCase() });
    expect(first.status).toBe(200);
    const again = await passwordStep(server, email);
    const second = await finish(again, { recoveryCode: code });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ code: 'wrong_code' });
  });

  it('the last one used, the second step no longer offers recovery codes', async () => {
    const { email, recoveryCodes, cookie } = await accountWaitingForItsCode('lastcode');
    const accountId = (await findAccount(server.services.db, email))!.id;
    await server.services.db.query('update recovery_codes set used_at = $2 where account_id = $1', [
      accountId,
      server.clock.now(),
    ]);
    expect((await finish(cookie, { recoveryCode: recoveryCodes[0]! })).status).toBe(403);
    const response = await server.call('signIn', { body: { email, password: PASSWORD } });
    expect(response.body).toEqual({ signedIn: false, secondStep: ['authenticatorApp'] });
  });
});

describe('a password reset does not remove the second step', () => {
  it('reset, then sign in with the new password: still a second step', async () => {
    const email = uniqueEmail('reset');
    await register(email);
    const { secret } = await turnAppOn(server, email);
    expect((await server.call('requestPasswordReset', { body: { email } })).status).toBe(202);
    const token = await latestToken(email, 'password-reset');
    const reset = await server.call('finishPasswordReset', {
      params: { token },
      body: { password: 'N3wPassw0rd' },
    });
    expect(reset.status).toBe(204);
    expect(reset.sessionCookie).toBeFalsy();
    const response = await server.call('signIn', { body: { email, password: 'N3wPassw0rd' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ signedIn: false, secondStep: ['authenticatorApp', 'recoveryCode'] });
    expect(response.sessionCookie).toBeUndefined();
    const done = await finish(secondStepCookie(response), { code: codeAt(server, secret) });
    expect(done.status).toBe(200);
  });
});

describe('REQUIRE_SECOND_FACTOR', () => {
  it('an account without a second factor: secondFactorRequired, and 403 on the plan, the password and the address', async () => {
    const required = await startServer({ ...server.config, requireSecondFactor: true }, server);
    try {
      const email = uniqueEmail('required');
      await register(email);
      const signIn = await required.call('signIn', { body: { email, password: PASSWORD } });
      expect(signIn.body).toEqual({ signedIn: true, email });
      const cookie = `pre_admission_session=${signIn.sessionCookie}`;
      const session = await required.call('getCurrentSession', { cookie });
      expect(session.body).toMatchObject({ secondFactorRequired: true });
      for (const [op, body] of [
        ['getPlan', undefined],
        ['savePlan', { readyCertificateIds: [], readyMaterialIds: [] }],
        ['changePassword', { currentPassword: PASSWORD, newPassword: 'N3wPassw0rd' }],
        ['requestEmailChange', { email: uniqueEmail('elsewhere') }],
      ] as const) {
        const response = await required.call(op, { cookie, ...(body ? { body } : {}) });
        expect(response.status, op).toBe(403);
        expect(response.body, op).toMatchObject({ code: 'second_factor_required' });
      }
      // The same account on the server without the setting: nothing is asked.
      expect((await server.call('getCurrentSession', { cookie })).body).toMatchObject({
        secondFactorRequired: false,
      });
      expect((await server.call('getPlan', { cookie })).status).toBe(200);
    } finally {
      await required.close();
    }
  });

  it('an account with the app on is not asked, and its sessions use the plan', async () => {
    const required = await startServer({ ...server.config, requireSecondFactor: true }, server);
    try {
      const email = uniqueEmail('hasapp');
      await register(email);
      const { secret } = await turnAppOn(required, email);
      const step = await passwordStep(required, email);
      const done = await required.call('finishSignIn', {
        cookie: step,
        body: { code: codeAt(required, secret) },
      });
      const cookie = `pre_admission_session=${done.sessionCookie}`;
      expect((await required.call('getCurrentSession', { cookie })).body).toMatchObject({
        secondFactorRequired: false,
      });
      expect((await required.call('getPlan', { cookie })).status).toBe(200);
    } finally {
      await required.close();
    }
  });
});

describe('a passkey as the second step', () => {
  /** An account with a passkey (added in a fresh, confirmed session) and the server that requires one. */
  async function withPasskey(on: TestServer, label: string) {
    const email = uniqueEmail(label);
    await register(email);
    const authenticator = new SoftAuthenticator();
    const signedIn = await on.call('signIn', { body: { email, password: PASSWORD } });
    expect(
      (await addPasskey(on, `pre_admission_session=${signedIn.sessionCookie}`, authenticator)).status,
    ).toBe(201);
    return { email, authenticator };
  }

  /** finishSignIn with the passkey's assertion over this browser's sign-in challenge. */
  async function finishWithPasskey(
    on: TestServer,
    step: string,
    authenticator: SoftAuthenticator,
    ip?: string,
  ) {
    const { cookie, challenge } = await passkeyChallenge(on, ip ? { ip } : {});
    return on.call('finishSignIn', {
      ...(ip ? { ip } : {}),
      cookie: `${step}; ${cookie}`,
      body: { passkey: authenticator.assert(siteCeremony(on, challenge)) },
    });
  }

  it('with REQUIRE_SECOND_FACTOR, a password sign-in of an account with a passkey asks for it, and it signs in', async () => {
    const required = await startServer({ ...server.config, requireSecondFactor: true }, server);
    try {
      const { email, authenticator } = await withPasskey(required, 'pkstep');
      const signIn = await required.call('signIn', { body: { email, password: PASSWORD } });
      expect(signIn.body).toEqual({ signedIn: false, secondStep: ['passkey'] });
      expect(signIn.sessionCookie).toBeUndefined();
      const done = await finishWithPasskey(required, secondStepCookie(signIn)!, authenticator);
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ signedIn: true, email });
      expect(done.sessionCookie).toBeTruthy();
    } finally {
      await required.close();
    }
  });

  it("another account's passkey does not make the step: 403 passkey_refused, and it counts toward the client's failures", async () => {
    const required = await startServer({ ...server.config, requireSecondFactor: true }, server);
    try {
      const victim = await withPasskey(required, 'pkvictim');
      const attacker = await withPasskey(required, 'pkattacker');
      const step = await passwordStep(required, victim.email, { ip: '203.0.113.70' });
      const response = await finishWithPasskey(required, step, attacker.authenticator, '203.0.113.70');
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 'passkey_refused' });
      expect(response.sessionCookie).toBeUndefined();
      const client = await required.services.db.query<{ count: number }>(
        'select count from rate_limits where key = $1',
        [limitKeys.signInClient('203.0.113.70')],
      );
      expect(Number(client[0]!.count)).toBe(1);
    } finally {
      await required.close();
    }
  });

  it('without the setting and without the app, a passkey is no second step: the password signs in alone', async () => {
    const { email } = await withPasskey(server, 'pkonly');
    expect((await server.call('signIn', { body: { email, password: PASSWORD } })).body).toEqual({
      signedIn: true,
      email,
    });
  });
});
