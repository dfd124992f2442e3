// The attacks on a staff session (docs/security.md#staff): one that has no second factor yet reaching anything
// but its own session and adding a factor; a role changed or an account removed while its session is open
// keeping what it had; a session left idle past the staff idle time; a cookie another site or a plain-http page
// could plant or send; guessing which addresses are staff from the sign-in's answers.
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../src/platform/contract.ts';
import { contract, PASSWORD, serverFixture, uniqueEmail } from '../helpers.ts';
import {
  invite,
  onboardedStaff,
  onboardingStaff,
  staffCommand,
  staffCode,
  staffCookieOf,
} from '../staffHelpers.ts';

const { server } = serverFixture();

/** What a staff session without a second factor may still call: its own session and adding a factor. */
const ONBOARDING = new Set([
  'getStaffSession',
  'extendStaffSession',
  'staffSignOut',
  'startAddingStaffPasskey',
  'addStaffPasskey',
  'startStaffAuthenticatorAppSetup',
  'enableStaffAuthenticatorApp',
]);
/** What needs no session at all: the invitation, the sign-in and its second step. */
const PUBLIC = new Set([
  'getStaffInvitation',
  'acceptStaffInvitation',
  'staffSignIn',
  'startStaffPasskeyStep',
  'finishStaffSignIn',
]);

/** The first example of an operation's JSON body schema (openapi.staff.yaml gives each one), or undefined. */
function exampleBody(operation: Operation): unknown {
  const schema = operation.source.operations.find((op) => op.operationId === operation.operationId)
    ?.requestBody?.content['application/json']?.schema as { examples?: unknown[] } | undefined;
  return schema?.examples?.[0];
}

describe('a staff session without a second factor', () => {
  const gated = contract.operations.filter(
    (operation) =>
      operation.document === 'staff' &&
      !ONBOARDING.has(operation.operationId) &&
      !PUBLIC.has(operation.operationId),
  );

  it('there is a staff operation behind the second factor (the sweep below is not empty)', () => {
    expect(gated.map((operation) => operation.operationId)).toEqual(
      expect.arrayContaining(['listStaffAccounts', 'getStaffApplication', 'recordApplicationDecision']),
    );
  });

  it.each(gated.map((operation) => [operation.operationId, operation] as const))(
    '%s refuses it with 403 second_factor_required, even for the desk',
    async (_id, operation) => {
      const { cookie } = await onboardingStaff(server, 'desk');
      // Ids of the right shape and a body the schema accepts (its example), so the refusal is the session's.
      const params = Object.fromEntries(
        [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, 'q3ZbV1n8R0K7yXw2LmA9tQ']),
      );
      const body = exampleBody(operation);
      const response = await server.call(operation.operationId, {
        cookie,
        params,
        ...(body === undefined ? {} : { body }),
      });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 'second_factor_required' });
    },
  );

  it('says so in its session, and the first factor opens the role from the next request', async () => {
    const { cookie } = await onboardingStaff(server, 'desk');
    expect((await server.call('getStaffSession', { cookie })).body).toMatchObject({
      role: 'desk',
      secondFactorRequired: true,
    });
    const setup = await server.call('startStaffAuthenticatorAppSetup', { cookie });
    const { key } = setup.body as { key: string };
    expect(
      (await server.call('enableStaffAuthenticatorApp', { cookie, body: { code: staffCode(server, key) } }))
        .status,
    ).toBe(200);
    expect((await server.call('getStaffSession', { cookie })).body).toMatchObject({
      secondFactorRequired: false,
    });
    expect((await server.call('listStaffAccounts', { cookie })).status).toBe(200);
  });

  it('may not add a factor once its sign-in is older than the confirmation window: it signs in again', async () => {
    const { email, cookie } = await onboardingStaff(server, 'exchange');
    server.clock.advance(server.config.confirmationWindow + 1000);
    const late = await server.call('startStaffAuthenticatorAppSetup', { cookie });
    expect(late.status).toBe(403);
    expect(late.body).toMatchObject({ code: 'confirmation_required' });
    const again = await server.call('staffSignIn', { body: { email, password: PASSWORD } });
    const fresh = staffCookieOf(again)!;
    expect((await server.call('startStaffAuthenticatorAppSetup', { cookie: fresh })).status).toBe(200);
  });
});

describe('a role changed or removed while a session is open', () => {
  it('a desk member moved to an office is refused the desk operation at the next request', async () => {
    const { email, cookie } = await onboardedStaff(server, 'desk');
    expect((await server.call('listStaffAccounts', { cookie })).status).toBe(200);
    // Read just before the change: on PGlite the check that does not extend keeps the row it read, until a
    // statement that may change what it read runs (platform/db.ts sessionWrites).
    expect((await server.call('getStaffSession', { cookie })).body).toMatchObject({ role: 'desk' });
    expect(await staffCommand(server, 'set-role', email, 'office', '2')).toMatchObject({ exitCode: 0 });
    expect((await server.call('getStaffSession', { cookie })).body).toMatchObject({
      role: 'office',
      officeId: 2,
    });
    const refused = await server.call('listStaffAccounts', { cookie });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'role_refused' });
    expect(server.logs.text).toContain('"event":"staff.role.refused"');
  });

  it('an office member made desk gets the desk operation at the next request', async () => {
    const { email, cookie } = await onboardedStaff(server, 'office', '3');
    expect((await server.call('listStaffAccounts', { cookie })).status).toBe(403);
    await staffCommand(server, 'set-role', email, 'desk');
    expect((await server.call('listStaffAccounts', { cookie })).status).toBe(200);
  });

  it('a removed account: its open session is refused at the next request, and it signs in no more', async () => {
    const { email, cookie } = await onboardedStaff(server, 'desk');
    expect((await server.call('getStaffSession', { cookie })).status).toBe(200);
    expect(await staffCommand(server, 'remove', email)).toMatchObject({
      exitCode: 0,
      line: expect.stringContaining('1 open sessions ended'),
    });
    expect((await server.call('getStaffSession', { cookie })).status).toBe(403);
    expect((await server.call('listStaffAccounts', { cookie })).status).toBe(401);
    const signIn = await server.call('staffSignIn', { body: { email, password: PASSWORD } });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toMatchObject({ type: 'urn:pre-admission:problem:wrong-password' });
  });

  it('a removed account ends even a session whose revocation was not recorded (the account is read with it)', async () => {
    const { email, cookie } = await onboardedStaff(server, 'exchange');
    await server.services.db.query(
      'update staff_accounts set removed_at = $2 where lower(email) = lower($1)',
      [email, server.clock.now()],
    );
    expect((await server.call('extendStaffSession', { cookie })).status).toBe(403);
  });
});

describe('the staff session', () => {
  it('ends after 15 idle minutes, where an applicant would have 30', async () => {
    const { cookie } = await onboardedStaff(server, 'desk');
    const session = (await server.call('extendStaffSession', { cookie })).body as {
      idleTimeoutSeconds: number;
      warningSeconds: number;
    };
    expect(session.idleTimeoutSeconds).toBe(900);
    expect(session.warningSeconds).toBeLessThan(900);
    server.clock.advance(14 * 60 * 1000);
    expect((await server.call('listStaffAccounts', { cookie })).status).toBe(200);
    server.clock.advance(15 * 60 * 1000 + 1000);
    expect((await server.call('getStaffSession', { cookie })).status).toBe(403);
    expect((await server.call('listStaffAccounts', { cookie })).status).toBe(401);
  });

  it('is a cookie of its own: HttpOnly, SameSite=Strict, host-only, the Max-Age of a staff session', async () => {
    const { email } = await onboardingStaff(server, 'desk');
    const response = await server.call('staffSignIn', { body: { email, password: PASSWORD } });
    const set = response.setCookie.find((cookie) => cookie.startsWith('pre_admission_staff_session='))!;
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; SameSite=Strict/);
    expect(set).toMatch(/; Path=\//);
    expect(set).not.toMatch(/Domain=/i);
    expect(set).toContain(`Max-Age=${server.config.lifetimes.staffSession / 1000}`);
    expect(response.setCookie.some((cookie) => cookie.startsWith('pre_admission_session='))).toBe(false);
  });

  it('sign-out ends it and clears its cookie', async () => {
    const { cookie } = await onboardedStaff(server, 'desk');
    const out = await server.call('staffSignOut', { cookie });
    expect(out.status).toBe(204);
    expect(staffCookieOf(out)).toBe('pre_admission_staff_session=');
    expect((await server.call('getStaffSession', { cookie })).status).toBe(403);
  });
});

describe('which addresses are staff is not told', () => {
  it('an unknown address, an invited one without a password and a wrong password get the same 403', async () => {
    const invited = uniqueEmail('invited');
    await invite(server, invited, 'exchange');
    const { email } = await onboardingStaff(server, 'exchange');
    const answers = await Promise.all(
      [
        { email: uniqueEmail('nobody'), password: PASSWORD },
        { email: invited, password: PASSWORD },
        { email, password: 'Wr0ngPassword' },
      ].map(async (body, index) => {
        const response = await server.call('staffSignIn', { body, ip: `10.41.0.${index + 1}` });
        return { status: response.status, body: response.body };
      }),
    );
    const [unknown, withoutPassword, wrong] = answers.map(({ status, body }) => ({
      status,
      type: (body as { type: string }).type,
      title: (body as { title: string }).title,
    }));
    expect(unknown).toEqual(wrong);
    expect(withoutPassword).toEqual(wrong);
    expect(wrong).toEqual({
      status: 403,
      type: 'urn:pre-admission:problem:wrong-password',
      title: 'The password is incorrect.',
    });
  });
});
