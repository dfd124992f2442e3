// Staff accounts for the tests (docs/security.md#staff): invited through the operator's command (as an operator
// would, against the test server's database and mailer), the link read from the development mailbox, the
// password set and signed in through the staff API, a second factor added as a staff member's phone would.
import { expect } from 'vitest';
import { base32Decode, hotp, timeStep } from '../src/account/totp.ts';
import {
  parseStaffCommand,
  runStaffOrder,
  seedReferences,
  type StaffCommand,
  type StaffCommandResult,
} from '../src/staff/operatorCommands.ts';
import { latestToken, PASSWORD, uniqueEmail, type CallResult, type TestServer } from './helpers.ts';

export const STAFF_SESSION_COOKIE = 'pre_admission_staff_session';

/** Runs an operator command against the test server's database, as `npm run staff:<command>` does. */
export async function staffCommand(
  server: TestServer,
  command: StaffCommand,
  ...args: string[]
): Promise<StaffCommandResult> {
  const references = seedReferences();
  const order = parseStaffCommand(command, args, references, (value) => /^[^\s@]+@[^\s@]+$/.test(value));
  if ('exitCode' in order) return order;
  return runStaffOrder(order, {
    db: server.services.db,
    deps: { config: server.config, clock: server.clock },
    mailer: server.services.mailer,
    references,
  });
}

/** `npm run staff:invite`, then the invitation's token from the mailbox. */
export async function invite(server: TestServer, email: string, ...role: string[]): Promise<string> {
  const result = await staffCommand(server, 'invite', email, ...role);
  expect(result, result.line).toMatchObject({ exitCode: 0 });
  return latestToken(server, email, 'invitations');
}

/** The `pre_admission_staff_session=…` pair a response set ('' value when it cleared it), or undefined. */
export function staffCookieOf(response: CallResult): string | undefined {
  const set = response.setCookie.find((cookie) => cookie.startsWith(`${STAFF_SESSION_COOKIE}=`));
  return set?.split(';')[0];
}

/** A staff password sign-in that starts a session (an account without a second factor yet): its cookie. */
export async function staffSignIn(server: TestServer, email: string, password = PASSWORD): Promise<string> {
  const response = await server.call('staffSignIn', { body: { email, password } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body).toEqual({ signedIn: true, email });
  const cookie = staffCookieOf(response);
  expect(cookie).toBeDefined();
  return cookie!;
}

/** Invited, password set, signed in: the session of an account that has no second factor yet. */
export async function onboardingStaff(
  server: TestServer,
  ...role: string[]
): Promise<{ email: string; cookie: string }> {
  const email = uniqueEmail('staff');
  const token = await invite(server, email, ...(role.length > 0 ? role : ['desk']));
  const accepted = await server.call('acceptStaffInvitation', {
    params: { token },
    body: { password: PASSWORD },
  });
  expect(accepted.status).toBe(204);
  return { email, cookie: await staffSignIn(server, email) };
}

/** The code the staff member's app shows at the server's now, `steps` steps later. */
export const staffCode = (server: TestServer, secret: string, steps = 0): string =>
  hotp(base32Decode(secret), timeStep(server.clock.now()) + steps);

/**
 * A staff member who has added the authenticator app (onboarding done) and is signed in: the session that
 * added it, the app's secret and the recovery codes.
 */
export async function onboardedStaff(
  server: TestServer,
  ...role: string[]
): Promise<{ email: string; cookie: string; secret: string; recoveryCodes: string[] }> {
  const { email, cookie } = await onboardingStaff(server, ...role);
  const setup = await server.call('startStaffAuthenticatorAppSetup', { cookie });
  expect(setup.status).toBe(200);
  const { key: secret } = setup.body as { key: string };
  const on = await server.call('enableStaffAuthenticatorApp', {
    cookie,
    body: { code: staffCode(server, secret) },
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  // The first code's step is used: the next sign-in's code is the next step's.
  server.clock.advance(30_000);
  return { email, cookie, secret, recoveryCodes: (on.body as { recoveryCodes: string[] }).recoveryCodes };
}
