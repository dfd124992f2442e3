// The tests' passkey authenticator (the software one of src/providerStates/authenticator.ts) and the ceremonies a
// browser runs with it against the test server: adding a passkey, and signing in or confirming with one.
import { expect } from 'vitest';
import type { SoftAuthenticator } from '../src/providerStates/authenticator.ts';
import { type Ceremony, type Knobs } from '../src/providerStates/authenticator.ts';
import type { CallResult, TestServer } from './helpers.ts';

export { SoftAuthenticator, type Ceremony, type Knobs } from '../src/providerStates/authenticator.ts';

/** The ceremony as the site's own page runs it: PUBLIC_URL's origin and host. */
export function siteCeremony(server: TestServer, challenge: string): Ceremony {
  const url = new URL(server.config.publicUrl);
  return { challenge, origin: url.origin, rpId: url.hostname };
}

/** The `name=value` of the challenge cookie a response set. */
export function challengeCookieOf(response: CallResult): string {
  const set = response.setCookie.find((c) => c.startsWith('pre_admission_challenge='));
  expect(set, 'a challenge cookie').toBeDefined();
  return set!.split(';')[0]!;
}

export interface SignInChallenge {
  /** The browser's challenge cookie, `pre_admission_challenge=…`. */
  cookie: string;
  challenge: string;
}

/** startPasskeySignIn: the options' challenge and the cookie that binds it to this browser. */
export async function passkeyChallenge(
  server: TestServer,
  options: { cookie?: string; ip?: string } = {},
): Promise<SignInChallenge> {
  const response = await server.call('startPasskeySignIn', {
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(options.ip ? { ip: options.ip } : {}),
  });
  expect(response.status).toBe(200);
  const body = response.body as { challenge: string; rpId: string; userVerification: string };
  expect(body.userVerification).toBe('required');
  return { cookie: challengeCookieOf(response), challenge: body.challenge };
}

/** The options of startAddingPasskey, as far as the tests read them. */
export interface CreationOptions {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: { id: string }[];
}

/** Adds a passkey made by `authenticator` to the signed-in session's account; returns the 201's response. */
export async function addPasskey(
  server: TestServer,
  sessionCookie: string,
  authenticator: SoftAuthenticator,
  name = 'Test key',
  knobs: Knobs = {},
): Promise<CallResult> {
  const options = await server.call('startAddingPasskey', { cookie: sessionCookie });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const { challenge, user } = options.body as CreationOptions;
  const credential = authenticator.register(
    { ...siteCeremony(server, challenge), userHandle: user.id },
    knobs,
  );
  return server.call('addPasskey', { cookie: sessionCookie, body: { name, credential } });
}

/** A passkey sign-in from a new browser: the options, then the assertion with the browser's cookie. */
export async function signInWithPasskey(
  server: TestServer,
  authenticator: SoftAuthenticator,
  knobs: Knobs = {},
): Promise<CallResult> {
  const { cookie, challenge } = await passkeyChallenge(server);
  const assertion = authenticator.assert(siteCeremony(server, challenge), knobs);
  return server.call('passkeySignIn', { cookie, body: assertion });
}

/** The session cookie header value of a sign-in's response. */
export const sessionOf = (response: CallResult): string => `pre_admission_session=${response.sessionCookie}`;
