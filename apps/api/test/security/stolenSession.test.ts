// Issue 39, items 1-3: what a stolen session (and a phished password) can still do to the account. Each test is
// the attacker's sequence of requests; the statuses it records are the ones docs/security.md#recent-sign-in and
// docs/security.md#second-factor give.
import { describe, expect, it } from 'vitest';
import { PASSWORD, serverFixture, uniqueEmail } from '../helpers.ts';
import { codeAt, nextStep, passwordStep, turnAppOn } from '../secondFactorHelpers.ts';
import { addPasskey, passkeyChallenge, siteCeremony, SoftAuthenticator } from '../softAuthenticator.ts';
import { SECOND_FACTOR_FREE, SECOND_FACTOR_STOP } from '../../src/account/secondFactorFailures.ts';

const { server, register, signIn, latestToken, mailbox } = serverFixture();

const NEW_PASSWORD = 'Attack3rOwnsIt';
const wrongCode = (right: string) => String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');

/** The owner signed in a while ago; the cookie was copied, and is used past the confirmation window. */
async function stolenSession(label: string) {
  const email = uniqueEmail(label);
  await register(email);
  const cookie = await signIn(email);
  // Inside the idle timeout (the thief keeps the session alive), outside the confirmation window.
  server.clock.advance(server.config.confirmationWindow + 60_000);
  expect((await server.call('extendSession', { cookie })).status).toBe(200);
  return { email, cookie };
}

describe('issue 39 item 1: a stolen session cannot move the account', () => {
  it('issue 39 item 1: e-mail change to the attacker, activation, reset there: refused at the request', async () => {
    const { email, cookie } = await stolenSession('stolen-email');
    const attacker = uniqueEmail('attacker');
    const statuses: number[] = [];
    const request = await server.call('requestEmailChange', { body: { email: attacker }, cookie });
    statuses.push(request.status);
    expect(request.body).toMatchObject({ code: 'confirmation_required' });
    // Nothing went to the attacker's mailbox, so there is nothing to activate or reset there.
    expect((await mailbox()).some((mail) => mail.to === attacker)).toBe(false);
    expect(statuses).toEqual([403]);
    // The owner still signs in with their own address and password.
    expect((await server.call('signIn', { body: { email, password: PASSWORD } })).status).toBe(200);
  });

  it('issue 39 item 1: a password change from a stolen session with a phished password: refused', async () => {
    const { email, cookie } = await stolenSession('stolen-password');
    const change = await server.call('changePassword', {
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      cookie,
    });
    expect(change.status).toBe(403);
    expect(change.body).toMatchObject({ code: 'confirmation_required' });
    expect((await server.call('signIn', { body: { email, password: PASSWORD } })).status).toBe(200);
  });

  it('issue 39 item 1: the owner confirms, then both changes go through', async () => {
    const { email, cookie } = await stolenSession('owner-confirms');
    expect((await server.call('confirmSignIn', { body: { password: PASSWORD }, cookie })).status).toBe(200);
    const next = uniqueEmail('next');
    expect((await server.call('requestEmailChange', { body: { email: next }, cookie })).status).toBe(202);
    const change = await server.call('changePassword', {
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      cookie,
    });
    expect(change.status).toBe(204);
    expect((await server.call('signIn', { body: { email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it('issue 39 item 1: a fresh sign-in needs no confirmation (the sign-in is one)', async () => {
    const email = uniqueEmail('fresh');
    await register(email);
    const cookie = await signIn(email);
    const next = uniqueEmail('fresh-next');
    expect((await server.call('requestEmailChange', { body: { email: next }, cookie })).status).toBe(202);
    const token = await latestToken(next, 'change-email-requests');
    expect((await server.call('activateEmailChange', { params: { token } })).status).toBe(204);
  });
});

describe('issue 39 item 2: second-factor guesses are limited as consecutive failures of the account', () => {
  it('issue 39 item 2: rotating client addresses, someone who knows the password is stopped well under 100 guesses; the owner’s password still works', async () => {
    const email = uniqueEmail('rotating');
    await register(email);
    const { secret } = await turnAppOn(server, email);
    // Round one, at once: ten client addresses, five wrong codes each (on the old code, 50 answers of 403).
    const answers: number[] = [];
    for (let i = 1; i <= 10; i += 1) {
      const ip = `203.0.113.${i}`;
      const cookie = await passwordStep(server, email, { ip });
      for (let guess = 0; guess < 5; guess += 1)
        answers.push(
          (
            await server.call('finishSignIn', {
              body: { code: wrongCode(codeAt(server, secret)) },
              cookie,
              ip,
            })
          ).status,
        );
    }
    const checked = answers.filter((status) => status === 403).length;
    expect(checked).toBeLessThan(SECOND_FACTOR_STOP);
    expect(answers.slice(checked).every((status) => status === 429)).toBe(true);
    // The owner's right password, meanwhile, from their own address: the second step, not a refusal.
    await passwordStep(server, email, { ip: '198.51.100.39' });

    // Round two: the attacker waits as told and goes on, from new addresses, until the stop.
    let guesses = checked;
    let stopped = false;
    for (let i = 11; i < 200 && !stopped; i += 1) {
      const ip = `203.0.113.${i}`;
      const cookie = await passwordStep(server, email, { ip });
      const response = await server.call('finishSignIn', {
        body: { code: wrongCode(codeAt(server, secret)) },
        cookie,
        ip,
      });
      if (response.status === 429) server.clock.advance(Number(response.headers['retry-after']) * 1000);
      else if ((response.body as { code?: string }).code === 'second_factor_locked') stopped = true;
      else {
        expect(response.body).toMatchObject({ code: 'wrong_code' });
        guesses += 1;
      }
    }
    expect(stopped).toBe(true);
    expect(guesses).toBe(SECOND_FACTOR_STOP);
    // Stopped: even the right code is refused, however long one waits...
    server.clock.advance(24 * 60 * 60 * 1000);
    nextStep(server);
    const right = await passwordStep(server, email, { ip: '203.0.113.250' });
    const refused = await server.call('finishSignIn', {
      body: { code: codeAt(server, secret) },
      cookie: right,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'second_factor_locked' });
    // ...but the owner's password is never refused for it, and a password reset lifts the stop, keeping the app.
    const owners = await passwordStep(server, email, { ip: '198.51.100.39' });
    expect(owners).toBeDefined();
    expect((await server.call('requestPasswordReset', { body: { email } })).status).toBe(202);
    const token = await latestToken(email, 'password-reset');
    expect(
      (await server.call('finishPasswordReset', { params: { token }, body: { password: NEW_PASSWORD } }))
        .status,
    ).toBe(204);
    const afterReset = await passwordStep(server, email, { ip: '198.51.100.39', password: NEW_PASSWORD });
    nextStep(server);
    const finished = await server.call('finishSignIn', {
      body: { code: codeAt(server, secret) },
      cookie: afterReset,
      ip: '198.51.100.39',
    });
    expect(finished.status).toBe(200);
  });

  it('issue 39 item 2: twenty wrong codes sent at once from twenty addresses: only the free ones are checked', async () => {
    const email = uniqueEmail('parallel');
    await register(email);
    const { secret } = await turnAppOn(server, email);
    const steps = [];
    for (let i = 1; i <= 20; i += 1) {
      const ip = `198.18.0.${i}`;
      steps.push({ ip, cookie: await passwordStep(server, email, { ip }) });
    }
    const answers = await Promise.all(
      steps.map(({ ip, cookie }) =>
        server.call('finishSignIn', { body: { code: wrongCode(codeAt(server, secret)) }, cookie, ip }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 403)).toHaveLength(SECOND_FACTOR_FREE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - SECOND_FACTOR_FREE);
  });

  it('issue 39 item 2: only a successful second step resets the count; signing in again does not', async () => {
    const email = uniqueEmail('consecutive');
    await register(email);
    const { secret } = await turnAppOn(server, email);
    const wrongAfterSignIn = async () => {
      const cookie = await passwordStep(server, email);
      return server.call('finishSignIn', { body: { code: wrongCode(codeAt(server, secret)) }, cookie });
    };
    const statuses: number[] = [];
    for (let i = 0; i < SECOND_FACTOR_STOP; i += 1) statuses.push((await wrongAfterSignIn()).status);
    expect(statuses).toContain(429);
    // A right code (once the wait is over) resets it: the next wrong code is answered at once.
    server.clock.advance(60 * 60 * 1000);
    nextStep(server);
    const cookie = await passwordStep(server, email);
    const right = await server.call('finishSignIn', { body: { code: codeAt(server, secret) }, cookie });
    expect(right.status).toBe(200);
    expect((await wrongAfterSignIn()).status).toBe(403);
  });

  it('issue 39 item 2: while codes are stopped, a passkey still makes the second step, and sets the count back', async () => {
    const email = uniqueEmail('passkey-while-stopped');
    await register(email);
    const authenticator = new SoftAuthenticator();
    expect((await addPasskey(server, await signIn(email), authenticator)).status).toBe(201);
    const { secret } = await turnAppOn(server, email);
    for (let i = 0; i < SECOND_FACTOR_STOP * 3; i += 1) {
      const cookie = await passwordStep(server, email);
      const response = await server.call('finishSignIn', {
        body: { code: wrongCode(codeAt(server, secret)) },
        cookie,
      });
      if (response.status === 429) server.clock.advance(Number(response.headers['retry-after']) * 1000);
    }
    const step = await passwordStep(server, email);
    const locked = await server.call('finishSignIn', {
      body: { code: codeAt(server, secret) },
      cookie: step,
    });
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({ code: 'second_factor_locked' });
    const { cookie, challenge } = await passkeyChallenge(server);
    const withPasskey = await server.call('finishSignIn', {
      cookie: `${step}; ${cookie}`,
      body: { passkey: authenticator.assert(siteCeremony(server, challenge)) },
    });
    expect(withPasskey.status).toBe(200);
    const next = await passwordStep(server, email);
    const wrong = await server.call('finishSignIn', {
      body: { code: wrongCode(codeAt(server, secret)) },
      cookie: next,
    });
    expect(wrong.body).toMatchObject({ code: 'wrong_code' });
  });
});

describe('issue 39 item 3: the recent sign-in of an account with a second factor asks for it', () => {
  it('issue 39 item 3: a stolen session and a phished password cannot turn the app off', async () => {
    const { email, cookie } = await stolenSession('app-off');
    const { secret } = await turnAppOn(server, email);
    const statuses: number[] = [];
    const confirm = await server.call('confirmSignIn', { body: { password: PASSWORD }, cookie });
    statuses.push(confirm.status);
    expect(confirm.body).toMatchObject({ code: 'code_required' });
    statuses.push((await server.call('disableAuthenticatorApp', { cookie })).status);
    expect(statuses).toEqual([403, 403]);
    expect((await server.call('getAuthenticatorApp', { cookie })).body).toMatchObject({ on: true });
    // A wrong code with the right password: refused, and counted as a second-factor failure.
    const wrong = await server.call('confirmSignIn', {
      body: { password: PASSWORD, code: wrongCode(codeAt(server, secret)) },
      cookie,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'wrong_code' });
  });

  it('issue 39 item 3: the owner confirms with the password and a code, or a recovery code, then turns it off', async () => {
    const { email, cookie } = await stolenSession('owner-code');
    const { secret, recoveryCodes } = await turnAppOn(server, email);
    const confirmed = await server.call('confirmSignIn', {
      body: { password: PASSWORD, code: codeAt(server, secret) },
      cookie,
    });
    expect(confirmed.status).toBe(200);
    server.clock.advance(server.config.confirmationWindow + 1000);
    const withRecovery = await server.call('confirmSignIn', {
      body: { password: PASSWORD, recoveryCode: recoveryCodes[0] },
      cookie,
    });
    expect(withRecovery.status).toBe(200);
    expect((await server.call('disableAuthenticatorApp', { cookie })).status).toBe(204);
  });

  it('issue 39 item 3: the code of a confirmation is checked as the second step’s (no replay, no guessing past the stop)', async () => {
    const { email, cookie } = await stolenSession('confirm-replay');
    const { secret } = await turnAppOn(server, email);
    const code = codeAt(server, secret);
    expect((await server.call('confirmSignIn', { body: { password: PASSWORD, code }, cookie })).status).toBe(
      200,
    );
    const replay = await server.call('confirmSignIn', { body: { password: PASSWORD, code }, cookie });
    expect(replay.status).toBe(403);
    expect(replay.body).toMatchObject({ code: 'wrong_code' });
    // Wrong codes of confirmations and of second steps are one count: after the free ones, a wait.
    const step = await passwordStep(server, email);
    const guess = { code: wrongCode(codeAt(server, secret)) };
    expect((await server.call('finishSignIn', { body: guess, cookie: step })).status).toBe(403);
    const wrong = await server.call('confirmSignIn', { body: { password: PASSWORD, ...guess }, cookie });
    expect(wrong.body).toMatchObject({ code: 'wrong_code' });
    const held = await server.call('confirmSignIn', { body: { password: PASSWORD, ...guess }, cookie });
    expect(held.status).toBe(429);
    expect(held.headers['retry-after']).toBe('30');
  });
});
