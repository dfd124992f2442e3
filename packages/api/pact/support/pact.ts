// What every consumer test shares: the pact, the provider states, the headers the adapter sends, the
// problem+json shape, and a fetch that carries the session cookie a browser would send.
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createApi } from '@pre-admission/api';
import { inject } from 'vitest';
import { CONSUMER, PROVIDER } from './paths';

const { fromProviderState, integer, like, regex } = MatchersV3;

// pact-js does not export its V4 builder types; they are derived from PactV4.
type Interaction = ReturnType<PactV4['addInteraction']>;
type ResponseBuilderFunc = NonNullable<
  Parameters<ReturnType<Interaction['withRequest']>['willRespondWith']>[1]
>;

export function createPact(): PactV4 {
  return new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: inject('pactDir'), logLevel: 'warn' });
}

/**
 * The provider states: present-tense facts the provider sets up before an interaction. The reference
 * provider (apps/api/src/providerStates.ts) supports these exact sentences, in process and over
 * POST /_pact/provider-states.
 */
export const states = {
  /** With the password {@link PASSWORD}. */
  accountExists: 'an account exists for applicant@example.com',
  /** Another account holds the address an email change asks for. */
  otherAccountExists: 'an account exists for taken@example.com',
  noAccount: 'no account exists for nobody@example.com',
  newAddressIsFree: 'no account exists for new@example.com',
  /** Returns `token`. */
  registrationToken: 'a registration token exists for new@example.com',
  /** Returns `token`. */
  passwordResetToken: 'a password reset token exists for applicant@example.com',
  /** Returns `token`: applicant@example.com asked to move to new@example.com. */
  emailChangeToken: 'an email change token exists for new@example.com',
  /** applicant@example.com with {@link PASSWORD}; returns `cookie`. */
  signedIn: 'the applicant is signed in',
  /** The browser still holds the cookie of a session the provider revoked; returns `cookie`. */
  sessionRevoked: 'the session has been revoked',
} as const;

export const EMAIL = 'applicant@example.com';
export const PASSWORD = 'Passw0rd2026';
export const NEW_PASSWORD = 'N3wPassw0rd';
export const NEW_EMAIL = 'new@example.com';

/** A token of the right shape that the provider never issued. */
export const UNKNOWN_TOKEN = 'Xq7unknownTokenNeverIssued0';
/** The example a provider-state token stands in for. */
export const EXAMPLE_TOKEN = 'k3J9sQ2vX8bN1mZ4tY7wR0';
export const EXAMPLE_COOKIE = 'pre_admission_session=4f8a0cExampleSessionId';

/** A path with the token the provider state returned. */
export const tokenPath = (prefix: string) =>
  fromProviderState(`${prefix}/\${token}`, `${prefix}/${EXAMPLE_TOKEN}`);

// Spec 7: every call sends Accept JSON and an X-Request-Id; JSON Content-Type only when there is a body.
const requestId = regex('^[0-9]{1,15}:[0-9]{1,4}$', '185673245123:2718');
export const headers = { Accept: 'application/json', 'X-Request-Id': requestId };
export const jsonHeaders = { ...headers, 'Content-Type': 'application/json' };
/** The session cookie, as the provider state created it. */
export const sessionCookie = { Cookie: fromProviderState('${cookie}', EXAMPLE_COOKIE) };

export const jsonResponse = {
  'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8'),
};

/**
 * An RFC 9457 error body. The adapter maps by status, so the status is pinned; type and title are
 * matched by type.
 */
export function problem(status: number, type: string, title: string): ResponseBuilderFunc {
  return (builder) => {
    builder
      .headers({ 'Content-Type': regex('^application/problem\\+json(;.*)?$', 'application/problem+json') })
      .jsonBody({ type: like(`urn:pre-admission:problem:${type}`), title: like(title), status });
  };
}

/** ISO 8601 date-time, which the adapter turns into a Date (spec 3). */
export const dateTime = (example: string) =>
  regex('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$', example);

/** An integer (the adapter's schemas refuse fractions). */
export const int = (example: number) => integer(example);

/** One value of an enumeration the front end switches on. */
export const oneOf = <Value extends string>(values: readonly Value[], example: Value) =>
  regex(`^(${values.join('|')})$`, example);

/** pact-js keeps the native pact private; the workaround below needs its match check. */
interface NativePact {
  mockServerMatchedSuccessfully(port: number): boolean;
}

/**
 * Waits until the mock server has recorded the request it has answered. With pact-core 16.3+ the check
 * after the test can run before that bookkeeping under load, and report a request it matched and answered
 * as "expected but not received" (pact-foundation/pact-reference#535). A request that did not match
 * never counts as matched: after the timeout Pact reports it as usual.
 */
async function matchRecorded(pact: PactV4, port: number, timeoutMs = 2000): Promise<void> {
  const native = (pact as unknown as { pact: NativePact }).pact;
  const deadline = Date.now() + timeoutMs;
  while (!native.mockServerMatchedSuccessfully(port) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The real adapter over the mock server, with the fetch a browser would use. The browser sends the session
 * cookie (credentials 'include'; Node's fetch has no cookie jar), so the tests add the Cookie header the
 * pact pins; every request gets a fresh connection.
 */
export function apiFor(
  pact: PactV4,
  mockserver: { url: string; port: number },
  options: { signedIn?: boolean } = {},
) {
  const fetch = async (request: Request): Promise<Response> => {
    const browserHeaders = new Headers(request.headers);
    if (options.signedIn) browserHeaders.set('Cookie', EXAMPLE_COOKIE);
    browserHeaders.set('Connection', 'close');
    const response = await globalThis.fetch(new Request(request, { headers: browserHeaders }));
    await matchRecorded(pact, mockserver.port);
    return response;
  };
  return createApi({ baseUrl: mockserver.url, fetch });
}
