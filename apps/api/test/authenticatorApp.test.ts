// The authenticator app and recovery codes of a signed-in applicant (docs/security.md#second-factor): set up,
// turn on with a first code, recovery codes shown once, renewed, the app turned off; each change confirmed
// by a recent sign-in, sent as a change notice and written to the audit log.
import { describe, expect, it } from 'vitest';
import { base32Decode, hotp, timeStep } from '../src/account/totp.ts';
import { PASSWORD, serverFixture, startServer, uniqueEmail, type TestServer } from './helpers.ts';
import { nextStep, passwordStep, secondStepCookie } from './secondFactorHelpers.ts';

const { server, register, signIn, mailbox } = serverFixture();

const codeOf = (on: TestServer, key: string, steps = 0) =>
  hotp(base32Decode(key), timeStep(on.clock.now()) + steps);

type Setup = { key: string; uri: string };
type Codes = { recoveryCodes: string[] };

/** A signed-in applicant (a fresh sign-in is a recent one). */
async function applicant(label: string, on: TestServer = server) {
  const email = uniqueEmail(label);
  await register(email);
  const response = await on.call('signIn', { body: { email, password: PASSWORD } });
  return { email, cookie: `pre_admission_session=${response.sessionCookie}` };
}

/** Set-up and first code: the app on; its key and recovery codes. */
async function turnOn(cookie: string, on: TestServer = server) {
  const setup = await on.call('startAuthenticatorAppSetup', { cookie });
  expect(setup.status).toBe(200);
  const { key } = setup.body as Setup;
  const enabled = await on.call('enableAuthenticatorApp', { cookie, body: { code: codeOf(on, key) } });
  expect(enabled.status).toBe(200);
  return { key, recoveryCodes: (enabled.body as Codes).recoveryCodes };
}

function auditLines(on: TestServer, accountEvent: string) {
  return on.logs.lines
    .map((line) => JSON.parse(line) as { audit?: boolean; event?: string; mail?: string })
    .filter((line) => line.audit && line.event === accountEvent);
}

const mailsTo = async (email: string) => (await mailbox()).filter((mail) => mail.to === email);

describe('setting up the app', () => {
  it('off at first: no recovery codes', async () => {
    const { cookie } = await applicant('off');
    const response = await server.call('getAuthenticatorApp', { cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ on: false, recoveryCodesLeft: 0 });
  });

  it('a set-up gives a 160-bit Base32 key and its otpauth URI for the QR code', async () => {
    const { email, cookie } = await applicant('setup');
    const response = await server.call('startAuthenticatorAppSetup', { cookie });
    expect(response.status).toBe(200);
    const { key, uri } = response.body as Setup;
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(uri);
    expect(url.protocol).toBe('otpauth:');
    expect(decodeURIComponent(url.pathname)).toBe(`/Pre-admission Support:${email}`);
    expect(url.searchParams.get('secret')).toBe(key);
    expect(url.searchParams.get('issuer')).toBe('Pre-admission Support');
    // Not on until a first code: the password still signs in alone.
    expect((await server.call('getAuthenticatorApp', { cookie })).body).toEqual({
      on: false,
      recoveryCodesLeft: 0,
    });
    expect((await server.call('signIn', { body: { email, password: PASSWORD } })).body).toEqual({
      signedIn: true,
      email,
    });
  });

  it('a wrong first code: 403 wrong_code, and the app stays off', async () => {
    const { cookie } = await applicant('wrongfirst');
    const { key } = (await server.call('startAuthenticatorAppSetup', { cookie })).body as Setup;
    const wrong = String((Number(codeOf(server, key)) + 1) % 1_000_000).padStart(6, '0');
    const response = await server.call('enableAuthenticatorApp', { cookie, body: { code: wrong } });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'wrong_code' });
    expect((await server.call('getAuthenticatorApp', { cookie })).body).toMatchObject({ on: false });
  });

  it('the right first code turns it on: ten recovery codes, shown once, and the change notice', async () => {
    const { email, cookie } = await applicant('on');
    const { recoveryCodes } = await turnOn(cookie);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const state = (await server.call('getAuthenticatorApp', { cookie })).body as Record<string, unknown>;
    expect(state).toMatchObject({ on: true, recoveryCodesLeft: 10 });
    expect(new Date(state.onSince as string).getTime()).toBe(server.clock.now().getTime());
    const notices = await mailsTo(email);
    expect(notices.some((mail) => mail.subject.includes('Two-step sign-in was turned on'))).toBe(true);
    expect(JSON.stringify(notices)).not.toContain(recoveryCodes[0]!);
    // From now on a password sign-in asks for the second step.
    expect((await server.call('signIn', { body: { email, password: PASSWORD } })).body).toEqual({
      signedIn: false,
      secondStep: ['authenticatorApp', 'recoveryCode'],
    });
  });

  it('the code that turned it on cannot sign in within its window', async () => {
    const { email, cookie } = await applicant('firstcode');
    const setup = (await server.call('startAuthenticatorAppSetup', { cookie })).body as Setup;
    const code = codeOf(server, setup.key);
    expect((await server.call('enableAuthenticatorApp', { cookie, body: { code } })).status).toBe(200);
    const step = await passwordStep(server, email);
    expect((await server.call('finishSignIn', { cookie: step, body: { code } })).status).toBe(403);
    nextStep(server);
    const next = await server.call('finishSignIn', {
      cookie: step,
      body: { code: codeOf(server, setup.key) },
    });
    expect(next.status).toBe(200);
  });

  it('a new set-up replaces the one under way: the first QR code no longer works', async () => {
    const { cookie } = await applicant('again');
    const first = (await server.call('startAuthenticatorAppSetup', { cookie })).body as Setup;
    const second = (await server.call('startAuthenticatorAppSetup', { cookie })).body as Setup;
    expect(second.key).not.toBe(first.key);
    const stale = await server.call('enableAuthenticatorApp', {
      cookie,
      body: { code: codeOf(server, first.key) },
    });
    expect(stale.status).toBe(403);
    const right = await server.call('enableAuthenticatorApp', {
      cookie,
      body: { code: codeOf(server, second.key) },
    });
    expect(right.status).toBe(200);
  });

  it('409 no_setup without a set-up, and after its ten minutes', async () => {
    const { cookie } = await applicant('nosetup');
    const none = await server.call('enableAuthenticatorApp', { cookie, body: { code: '123456' } });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: 'no_setup' });
    const { key } = (await server.call('startAuthenticatorAppSetup', { cookie })).body as Setup;
    server.clock.advance(10 * 60 * 1000);
    // Confirmed again (ten minutes is past the recent-sign-in window), the set-up is still too old.
    const confirmed = await applicantCookieFor(cookie);
    const late = await server.call('enableAuthenticatorApp', {
      cookie: confirmed,
      body: { code: codeOf(server, key) },
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'no_setup' });
  });

  it('409 already_on for a set-up or a first code while it is on', async () => {
    const { cookie } = await applicant('already');
    const { key } = await turnOn(cookie);
    const setup = await server.call('startAuthenticatorAppSetup', { cookie });
    expect(setup.status).toBe(409);
    expect(setup.body).toMatchObject({ code: 'already_on' });
    nextStep(server);
    const enable = await server.call('enableAuthenticatorApp', {
      cookie,
      body: { code: codeOf(server, key) },
    });
    expect(enable.status).toBe(409);
    expect(enable.body).toMatchObject({ code: 'already_on' });
  });
});

/** The session of `cookie`, confirmed now (a fresh sign-in of its account: it is the same applicant). */
async function applicantCookieFor(cookie: string): Promise<string> {
  const session = (await server.call('getCurrentSession', { cookie })).body as { email: string };
  return signIn(session.email);
}

describe('recovery codes', () => {
  it('a new set voids the earlier one, with the change notice', async () => {
    const { email, cookie } = await applicant('renew');
    const { recoveryCodes: old } = await turnOn(cookie);
    const response = await server.call('renewRecoveryCodes', { cookie });
    expect(response.status).toBe(200);
    const renewed = (response.body as Codes).recoveryCodes;
    expect(renewed).toHaveLength(10);
    expect(renewed.filter((code) => old.includes(code))).toEqual([]);
    const notices = await mailsTo(email);
    expect(notices.some((mail) => mail.subject.includes('New recovery codes were made'))).toBe(true);
    const step = await passwordStep(server, email);
    expect(
      (await server.call('finishSignIn', { cookie: step, body: { recoveryCode: old[0]! } })).status,
    ).toBe(403);
    expect(
      (await server.call('finishSignIn', { cookie: step, body: { recoveryCode: renewed[0]! } })).status,
    ).toBe(200);
  });

  it('a recovery code signs in once, and the count says how many are left', async () => {
    const { email, cookie } = await applicant('once');
    const { recoveryCodes } = await turnOn(cookie);
    const step = await passwordStep(server, email);
    const signedIn = await server.call('finishSignIn', {
      cookie: step,
      body: { recoveryCode: recoveryCodes[3]! },
    });
    expect(signedIn.status).toBe(200);
    expect((await server.call('getAuthenticatorApp', { cookie })).body).toMatchObject({
      recoveryCodesLeft: 9,
    });
    const again = await passwordStep(server, email);
    expect(
      (await server.call('finishSignIn', { cookie: again, body: { recoveryCode: recoveryCodes[3]! } }))
        .status,
    ).toBe(403);
  });

  it('409 not_on without the app', async () => {
    const { cookie } = await applicant('renewoff');
    const response = await server.call('renewRecoveryCodes', { cookie });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'not_on' });
  });
});

describe('turning the app off', () => {
  it('204: off, its recovery codes void, the password signs in alone, and the change notice', async () => {
    const { email, cookie } = await applicant('turnoff');
    const { recoveryCodes } = await turnOn(cookie);
    const response = await server.call('disableAuthenticatorApp', { cookie });
    expect(response.status).toBe(204);
    expect((await server.call('getAuthenticatorApp', { cookie })).body).toEqual({
      on: false,
      recoveryCodesLeft: 0,
    });
    const signIn = await server.call('signIn', { body: { email, password: PASSWORD } });
    expect(signIn.body).toEqual({ signedIn: true, email });
    expect(secondStepCookie(signIn)).toBeUndefined();
    const notices = await mailsTo(email);
    expect(notices.some((mail) => mail.subject.includes('Two-step sign-in was turned off'))).toBe(true);
    const rows = await server.services.db.query(
      `select 1 from recovery_codes r join accounts a on a.id = r.account_id where a.email = $1`,
      [email],
    );
    expect(rows).toHaveLength(0);
    expect(recoveryCodes).toHaveLength(10);
  });

  it('409 not_on when it is not on', async () => {
    const { cookie } = await applicant('notontooff');
    const response = await server.call('disableAuthenticatorApp', { cookie });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'not_on' });
  });

  it('with REQUIRE_SECOND_FACTOR, the last second factor cannot be removed: 409 last_second_factor', async () => {
    const required = await startServer({ ...server.config, requireSecondFactor: true }, server);
    try {
      const { cookie } = await applicant('lastfactor', required);
      await turnOn(cookie, required);
      const response = await required.call('disableAuthenticatorApp', { cookie });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: 'last_second_factor' });
      expect((await required.call('getAuthenticatorApp', { cookie })).body).toMatchObject({ on: true });
    } finally {
      await required.close();
    }
  });
});

describe('a recent sign-in is needed for every change', () => {
  it('403 confirmation_required once the window has passed; reading is still allowed', async () => {
    const { cookie } = await applicant('confirm');
    const { key } = (await server.call('startAuthenticatorAppSetup', { cookie })).body as Setup;
    server.clock.advance(server.config.confirmationWindow + 1000);
    for (const [op, body] of [
      ['startAuthenticatorAppSetup', undefined],
      ['enableAuthenticatorApp', { code: codeOf(server, key) }],
      ['disableAuthenticatorApp', undefined],
      ['renewRecoveryCodes', undefined],
    ] as const) {
      const response = await server.call(op, { cookie, ...(body ? { body } : {}) });
      expect(response.status, op).toBe(403);
      expect(response.body, op).toMatchObject({ code: 'confirmation_required' });
    }
    expect((await server.call('getAuthenticatorApp', { cookie })).status).toBe(200);
  });

  it('404 without a session', async () => {
    for (const op of [
      'getAuthenticatorApp',
      'startAuthenticatorAppSetup',
      'disableAuthenticatorApp',
      'renewRecoveryCodes',
    ] as const)
      expect((await server.call(op)).status, op).toBe(404);
    expect((await server.call('enableAuthenticatorApp', { body: { code: '123456' } })).status).toBe(404);
  });
});

describe('the audit log', () => {
  it('on, renewed, off and a recovery code used: one line each, with the notices queued; never a code or key', async () => {
    const { email, cookie } = await applicant('audit');
    const before = server.logs.lines.length;
    const { key, recoveryCodes } = await turnOn(cookie);
    const renewed = ((await server.call('renewRecoveryCodes', { cookie })).body as Codes).recoveryCodes;
    const step = await passwordStep(server, email);
    await server.call('finishSignIn', { cookie: step, body: { recoveryCode: renewed[0]! } });
    expect((await server.call('disableAuthenticatorApp', { cookie })).status).toBe(204);
    for (const event of [
      'authenticator-app.on',
      'recovery-codes.renewed',
      'recovery-code.used',
      'authenticator-app.off',
    ])
      expect(auditLines(server, event).length, event).toBeGreaterThan(0);
    const queued = auditLines(server, 'notice.queued').map((line) => line.mail);
    expect(queued).toEqual(
      expect.arrayContaining([
        'authenticatorAppOnNotice',
        'recoveryCodesRenewedNotice',
        'authenticatorAppOffNotice',
      ]),
    );
    const log = server.logs.lines.slice(before).join('\n');
    expect(log).not.toContain(key);
    for (const code of [...recoveryCodes, ...renewed]) {
      expect(log).not.toContain(code);
      expect(log).not.toContain(code.replaceAll('-', ''));
    }
  });
});
