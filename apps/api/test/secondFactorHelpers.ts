// The authenticator app and the second step, for the tests: an app turned on straight in the database (the
// set-up's own API has its tests in authenticatorApp.test.ts), codes computed as the applicant's phone would.
import { expect } from 'vitest';
import { findAccount } from '../src/account/accounts.ts';
import { startSetup, turnOn } from '../src/account/authenticatorApps.ts';
import { issueRecoveryCodes } from '../src/account/recoveryCodes.ts';
import { base32Decode, hotp, newTotpSecret, timeStep } from '../src/account/totp.ts';
import { PASSWORD, type CallResult, type TestServer } from './helpers.ts';

export interface AppOn {
  accountId: string;
  secret: string;
  recoveryCodes: string[];
}

/** The code the app shows at the server's now, `steps` steps later (negative: earlier). */
export const codeAt = (server: TestServer, secret: string, steps = 0): string =>
  hotp(base32Decode(secret), timeStep(server.clock.now()) + steps);

/** The next 30-second step: a new code (the last accepted one cannot be used again). */
export const nextStep = (server: TestServer): void => server.clock.advance(30_000);

/** Turns the account's app on (a set-up and its first code) and gives it ten recovery codes. */
export async function turnAppOn(server: TestServer, email: string): Promise<AppOn> {
  const db = server.services.db;
  const accountId = (await findAccount(db, email))!.id;
  const secret = newTotpSecret();
  expect(await startSetup(db, accountId, secret, server.clock.now())).toBe(true);
  expect(await turnOn(db, accountId, codeAt(server, secret), server.clock.now())).toBe('on');
  const recoveryCodes = await issueRecoveryCodes(db, server.services, accountId);
  // The first code's step is used: the tests' first sign-in code is the next step's.
  nextStep(server);
  return { accountId, secret, recoveryCodes };
}

/** The `pre_admission_second_step=…` cookie a response set, or undefined. */
export function secondStepCookie(response: CallResult): string | undefined {
  const set = response.setCookie.find((cookie) => cookie.startsWith('pre_admission_second_step='));
  const pair = set?.split(';')[0];
  return pair && pair !== 'pre_admission_second_step=' ? pair : undefined;
}

/** A password sign-in that must stop at the second step: its cookie. */
export async function passwordStep(
  server: TestServer,
  email: string,
  options: { ip?: string; password?: string } = {},
): Promise<string> {
  const response = await server.call('signIn', {
    body: { email, password: options.password ?? PASSWORD },
    ...(options.ip ? { ip: options.ip } : {}),
  });
  expect(response.status).toBe(200);
  expect((response.body as { signedIn: boolean }).signedIn).toBe(false);
  expect(response.sessionCookie).toBeUndefined();
  const cookie = secondStepCookie(response);
  expect(cookie).toBeDefined();
  return cookie!;
}
