// A staff sign-in with its second factor (docs/security.md#staff): the password, then a code of the app, a
// recovery code or a passkey, each the applicant's machinery in the staff's tables; and the cookies of one
// realm's second step and passkey challenge worth nothing in the other's.
import { describe, expect, it } from 'vitest';
import { PASSWORD, serverFixture, uniqueEmail, type CallResult } from './helpers.ts';
import { passwordStep, turnAppOn } from './secondFactorHelpers.ts';
import { SoftAuthenticator, siteCeremony, type CreationOptions } from './softAuthenticator.ts';
import { onboardedStaff, onboardingStaff, staffCode, staffCookieOf } from './staffHelpers.ts';

const { server, register } = serverFixture();

const cookieNamed = (response: CallResult, name: string): string | undefined =>
  response.setCookie.find((cookie) => cookie.startsWith(`${name}=`))?.split(';')[0];

/** A staff password sign-in that must stop at the second step: its cookie and the methods offered. */
async function staffPasswordStep(email: string): Promise<{ cookie: string; methods: string[] }> {
  const response = await server.call('staffSignIn', { body: { email, password: PASSWORD } });
  expect(response.status).toBe(200);
  expect(staffCookieOf(response)).toBeUndefined();
  const body = response.body as { signedIn: boolean; secondStep: string[] };
  expect(body.signedIn).toBe(false);
  return { cookie: cookieNamed(response, 'pre_admission_staff_second_step')!, methods: body.secondStep };
}

describe('with the authenticator app', () => {
  it('the password asks for the second step; a code starts the staff session', async () => {
    const { email, secret } = await onboardedStaff(server, 'desk');
    const step = await staffPasswordStep(email);
    expect(step.methods).toEqual(['authenticatorApp', 'recoveryCode']);
    const wrong = await server.call('finishStaffSignIn', { cookie: step.cookie, body: { code: '000000' } });
    expect(wrong.status).toBe(403);
    const done = await server.call('finishStaffSignIn', {
      cookie: step.cookie,
      body: { code: staffCode(server, secret) },
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ signedIn: true, email });
    const cookie = staffCookieOf(done)!;
    expect((await server.call('listStaffAccounts', { cookie })).status).toBe(200);
    const lines = server.logs.lines.filter((line) => line.includes('"event":"staff.sign-in.second-step"'));
    expect(lines.some((line) => line.includes('"outcome":"succeeded"') && line.includes('"staffId"'))).toBe(
      true,
    );
    expect(lines.every((line) => !line.includes('"accountId"'))).toBe(true);
  });

  it('a recovery code makes the step once', async () => {
    const { email, recoveryCodes } = await onboardedStaff(server, 'exchange');
    const first = await staffPasswordStep(email);
    const body = { recoveryCode: recoveryCodes[0]! };
    expect((await server.call('finishStaffSignIn', { cookie: first.cookie, body })).status).toBe(200);
    const second = await staffPasswordStep(email);
    expect((await server.call('finishStaffSignIn', { cookie: second.cookie, body })).status).toBe(403);
  });
});

describe("one realm's second step is nothing to the other", () => {
  it("an applicant's second-step cookie at the staff's second step, and the staff's at the applicant's: 401", async () => {
    const { email, secret } = await onboardedStaff(server, 'desk');
    const staffStep = await staffPasswordStep(email);
    // An applicant with the app on (the same address even) stops at their own second step.
    await register(email);
    const { secret: applicantSecret } = await turnAppOn(server, email);
    const applicantStep = await passwordStep(server, email);
    const applicantId = applicantStep.slice(applicantStep.indexOf('=') + 1);
    const staffId = staffStep.cookie.slice(staffStep.cookie.indexOf('=') + 1);

    for (const cookie of [applicantStep, `pre_admission_staff_second_step=${applicantId}`]) {
      const answer = await server.call('finishStaffSignIn', {
        cookie,
        body: { code: staffCode(server, applicantSecret) },
      });
      expect(answer.status).toBe(401);
    }
    for (const cookie of [staffStep.cookie, `pre_admission_second_step=${staffId}`]) {
      const answer = await server.call('finishSignIn', { cookie, body: { code: staffCode(server, secret) } });
      expect(answer.status).toBe(401);
    }
    // Each still works in its own realm.
    expect(
      (
        await server.call('finishStaffSignIn', {
          cookie: staffStep.cookie,
          body: { code: staffCode(server, secret) },
        })
      ).status,
    ).toBe(200);
  });
});

describe('with a passkey', () => {
  it('added during onboarding, it is offered as the second step and makes it over the staff challenge', async () => {
    const { email, cookie } = await onboardingStaff(server, 'supervisor', '105');
    const authenticator = new SoftAuthenticator();
    const options = await server.call('startAddingStaffPasskey', { cookie });
    expect(options.status).toBe(200);
    const { challenge, user } = options.body as CreationOptions;
    const credential = authenticator.register({ ...siteCeremony(server, challenge), userHandle: user.id });
    const added = await server.call('addStaffPasskey', { cookie, body: { name: 'Office key', credential } });
    expect(added.status).toBe(201);
    expect((await server.call('getStaffSession', { cookie })).body).toMatchObject({
      secondFactorRequired: false,
      role: 'supervisor',
      teacherId: 105,
    });

    const step = await staffPasswordStep(email);
    expect(step.methods).toEqual(['passkey']);
    // Only while a second step is under way.
    expect((await server.call('startStaffPasskeyStep')).status).toBe(401);
    const started = await server.call('startStaffPasskeyStep', { cookie: step.cookie });
    expect(started.status).toBe(200);
    const challengeCookie = cookieNamed(started, 'pre_admission_staff_challenge')!;
    expect(challengeCookie).toBeDefined();
    const assertion = authenticator.assert(
      siteCeremony(server, (started.body as { challenge: string }).challenge),
    );
    const done = await server.call('finishStaffSignIn', {
      cookie: `${step.cookie}; ${challengeCookie}`,
      body: { passkey: assertion },
    });
    expect(done.status).toBe(200);
  });

  it("an applicant's passkey makes no staff second step, even over a staff challenge", async () => {
    const { email } = await onboardedStaff(server, 'desk');
    const applicant = uniqueEmail('applicant');
    await register(applicant);
    const applicantSession = (await server.call('signIn', { body: { email: applicant, password: PASSWORD } }))
      .sessionCookie!;
    const authenticator = new SoftAuthenticator();
    const options = await server.call('startAddingPasskey', {
      cookie: `pre_admission_session=${applicantSession}`,
    });
    const { challenge, user } = options.body as CreationOptions;
    const credential = authenticator.register({ ...siteCeremony(server, challenge), userHandle: user.id });
    expect(
      (
        await server.call('addPasskey', {
          cookie: `pre_admission_session=${applicantSession}`,
          body: { name: 'Mine', credential },
        })
      ).status,
    ).toBe(201);

    const step = await staffPasswordStep(email);
    const started = await server.call('startStaffPasskeyStep', { cookie: step.cookie });
    const challengeCookie = cookieNamed(started, 'pre_admission_staff_challenge')!;
    const assertion = authenticator.assert(
      siteCeremony(server, (started.body as { challenge: string }).challenge),
    );
    const refused = await server.call('finishStaffSignIn', {
      cookie: `${step.cookie}; ${challengeCookie}`,
      body: { passkey: assertion },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'passkey_refused' });
  });
});
