// What every consumer test shares: the pact, the provider states, the headers the adapter sends, the
// problem+json shape, and a fetch that carries the session cookie a browser would send.
import { MatchersV3, PactV4, type Matcher } from '@pact-foundation/pact';
import { createApi, createRequestId, linkRefusal, type ApiError } from '@pre-admission/api';
import { expect, inject, it } from 'vitest';
import { fakeXhr } from '../../src/test/fakeXhr';
import { CONSUMER, PROVIDER } from './paths';

const { fromProviderState, integer, like, regex } = MatchersV3;

// pact-js does not export its V4 builder types; they are derived from PactV4.
type Interaction = ReturnType<PactV4['addInteraction']>;
type ResponseBuilderFunc = NonNullable<
  Parameters<ReturnType<Interaction['withRequest']>['willRespondWith']>[1]
>;
type Path = Parameters<Interaction['withRequest']>[1];

/** The provider's answer: its status, and its headers and body when it has any. */
export interface Answer {
  status: number;
  build?: ResponseBuilderFunc;
}
type Api = ReturnType<typeof createApi>;

export function createPact(): PactV4 {
  return new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: inject('pactDir'), logLevel: 'warn' });
}

/**
 * The provider states: present-tense facts the provider sets up before an interaction. The reference
 * provider (apps/api/src/providerStates/states.ts) supports these exact sentences, in process and over
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
  /** Links that are no longer live (docs/behaviour.md#link-states); each returns `token`. */
  usedRegistrationToken: 'a used registration token exists for new@example.com',
  expiredRegistrationToken: 'an expired registration token exists for new@example.com',
  supersededRegistrationToken: 'a superseded registration token exists for new@example.com',
  expiredPasswordResetToken: 'an expired password reset token exists for applicant@example.com',
  usedEmailChangeToken: 'a used email change token exists for new@example.com',
  supersededEmailChangeToken: 'a superseded email change token exists for new@example.com',
  /** The address has had its mails of the hour: the next mail to it is 429 (after its token's state). */
  mailLimitReachedForNew: 'the hourly mail limit is reached for new@example.com',
  mailLimitReachedForApplicant: 'the hourly mail limit is reached for applicant@example.com',
  /**
   * The account applicant@example.com, whose reset mail went out a moment ago: the next reset request is in
   * the resend cooldown (docs/security.md#already-sent).
   */
  resetMailJustSent: 'a password reset mail was just sent to applicant@example.com',
  /** applicant@example.com with {@link PASSWORD}; returns `cookie`. */
  signedIn: 'the applicant is signed in',
  /** As signedIn, longer ago than CONFIRMATION_WINDOW_SECONDS (docs/security.md#recent-sign-in). */
  notConfirmed: 'the applicant is signed in, not confirmed recently',
  /** After secondStepWaits: ten wrong codes in a row, codes refused until a reset (issue 39, item 2). */
  codesStopped: 'codes are stopped after too many wrong ones',
  /**
   * applicant@example.com has the authenticator app on and signed in with the password; returns
   * `secondStepCookie`, `code` (valid now) and `recoveryCode` (unused). docs/security.md#second-factor.
   */
  secondStepWaits: 'a password sign-in waits for its second step',
  /**
   * applicant@example.com has a passkey and asked for a challenge; returns `cookie` (the challenge cookie)
   * and a valid assertion for it: `id`, `rawId`, `clientDataJSON`, `authenticatorData`, `signature`,
   * `userHandle`. docs/security.md#passkeys.
   */
  passkeySignInUnderWay: 'a passkey sign-in is under way',
  /** REQUIRE_SECOND_FACTOR is on and the signed-in account has neither factor; returns `cookie`. */
  secondFactorMissing: 'a second factor is required and the account has none',
  /** The browser still holds the cookie of a session the provider revoked; returns `cookie`. */
  sessionRevoked: 'the session has been revoked',
  /** The browser holds the cookie of a session unused for longer than the idle time; returns `cookie`. */
  sessionIdle: 'the session has been idle past its idle time',
  /** applicant@example.com signed in, with the plan of openapi.yaml's Plan example saved; returns `cookie`. */
  savedPlan: 'the applicant has saved a plan',
  maintenanceAnnounced: 'a maintenance stop is announced',
  /*
   * Applications (issue 38). Each signs applicant@example.com in and returns `cookie`, and `applicationId`
   * for the path (and `documentId` where it says so).
   */
  /** A master's draft started from the plan: programme 11, whose period is open. */
  draftApplication: 'the applicant has a draft application',
  /** Every section complete and every required document uploaded, the period open: submitting it is 200. */
  completeDraftApplication: 'the applicant has a complete draft application',
  /** As completeDraftApplication, with programme 11's period closed: submitting it is 409 period_closed. */
  completeDraftPeriodClosed: 'the applicant has a complete draft application whose period is closed',
  /** Submitted: saving is 409 not_editable; withdrawing is 200. */
  submittedApplication: 'the applicant has a submitted application',
  /** Returned for changes: the documents section and one file (`documentId`) reopened, due in 7 days. */
  returnedApplication: 'the applicant has an application returned for changes',
  /** Decided: withdrawing is 409 not_withdrawable. */
  decidedApplication: 'the applicant has a decided application',
  withdrawnApplication: 'the applicant has a withdrawn application',
  /** A draft with one image uploaded (`documentId`), which has a preview. */
  draftWithImage: 'the applicant has a draft application with an uploaded image',
  /** `applicationId` is another account's: the signed-in applicant is answered 404 application_not_found. */
  othersApplication: 'another applicant has an application',
  /*
   * The supervisor's consent (issue 40, item 2; docs/behaviour.md#supervisor-consent): programme 11 requires it
   * and teacher 103 has a supervisor account. Each returns `cookie` and `applicationId`.
   */
  /** Complete, its research plan uploaded: submitting is 409 consent_required; asking is 201. */
  consentRequiredDraft: 'the applicant has a complete draft application whose programme requires consent',
  /** As consentRequiredDraft, a request waiting (`consentRequestId`): asking again is 409 consent_pending. */
  consentRequestWaiting: 'the applicant has a consent request waiting',
  /** As consentRequestWaiting, withdrawn (`consentRequestId`): withdrawing again is 409 consent_not_pending. */
  consentRequestWithdrawn: 'the applicant has a withdrawn consent request',
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

/** The application id and the document id an application's provider state stands in for. */
export const EXAMPLE_APPLICATION_ID = 'q3ZbV1n8R0K7yXw2LmA9tQ';
export const EXAMPLE_DOCUMENT_ID = 'Zp4c0YlM8aQe2HnTq1Wv7A';

/** A path under the application the provider state returned (`suffix`: '/submission', '/documents', …). */
export const applicationPath = (suffix = '') =>
  fromProviderState(
    `/api/applicant/applications/\${applicationId}${suffix}`,
    `/api/applicant/applications/${EXAMPLE_APPLICATION_ID}${suffix}`,
  );

/** The consent request id a consent provider state stands in for. */
export const EXAMPLE_CONSENT_REQUEST_ID = 'c7ZbV1n8R0K7yXw2LmA9tQ';

/** The withdrawal path of the consent request the provider state returned, of the application it returned. */
export const consentRequestPath = (suffix = '/withdrawal') =>
  fromProviderState(
    `/api/applicant/applications/\${applicationId}/consent/requests/\${consentRequestId}${suffix}`,
    `/api/applicant/applications/${EXAMPLE_APPLICATION_ID}/consent/requests/${EXAMPLE_CONSENT_REQUEST_ID}${suffix}`,
  );

/** A path under the document the provider state returned, of the application it returned. */
export const documentPath = (suffix = '') =>
  fromProviderState(
    `/api/applicant/applications/\${applicationId}/documents/\${documentId}${suffix}`,
    `/api/applicant/applications/${EXAMPLE_APPLICATION_ID}/documents/${EXAMPLE_DOCUMENT_ID}${suffix}`,
  );

/** The renewal path of the token the provider state returned (docs/behaviour.md#link-states). */
export const renewalPath = (prefix: string) =>
  fromProviderState(`${prefix}/\${token}/renewal`, `${prefix}/${EXAMPLE_TOKEN}/renewal`);

// docs/behaviour.md#api-calls: every call sends Accept JSON and an X-Request-Id; JSON Content-Type only when there is a body.
const requestId = regex('^[0-9]{1,15}:[0-9]{1,4}$', '185673245123:2718');
export const headers = { Accept: 'application/json', 'X-Request-Id': requestId };
export const jsonHeaders = { ...headers, 'Content-Type': 'application/json' };
/** An upload: the browser writes the multipart type with a boundary of its own. */
const MULTIPART_BOUNDARY = 'pactBoundary7MA4YWxkTrZu0gW';
const MULTIPART_TYPE = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;
const multipartHeaders = {
  ...headers,
  'Content-Type': regex('^multipart/form-data; ?boundary=.+$', MULTIPART_TYPE),
};

/** A multipart body as the provider replays it, and the rule each part is matched by. */
export interface Multipart {
  body: Buffer;
  parts: Record<string, Matcher<unknown>>;
}

/**
 * A multipart body of text fields and one file, in that order. A field is matched by `fields`' pattern, the
 * file by its content type (its bytes are the example the provider receives).
 */
export function multipartBody(
  fields: Record<string, { pattern: string; example: string }>,
  file: { name: string; type: string; content: Buffer },
): Multipart {
  return {
    body: multipartBytes(
      Object.fromEntries(Object.entries(fields).map(([name, { example }]) => [name, example])),
      file,
    ),
    parts: {
      ...Object.fromEntries(
        Object.entries(fields).map(([name, { pattern, example }]) => [name, regex(pattern, example)]),
      ),
      file: { 'pact:matcher:type': 'contentType', value: file.type } as Matcher<unknown>,
    },
  };
}

function multipartBytes(
  fields: Record<string, string>,
  file: { name: string; type: string; content: Buffer },
): Buffer {
  const part = (disposition: string, extra = '') =>
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\n${extra}\r\n`;
  return Buffer.concat([
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`${part(`name="${name}"`)}${value}\r\n`)),
    Buffer.from(part(`name="file"; filename="${file.name}"`, `Content-Type: ${file.type}\r\n`)),
    file.content,
    Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`),
  ]);
}

/** The session cookie, as the provider state created it. */
export const sessionCookie = { Cookie: fromProviderState('${cookie}', EXAMPLE_COOKIE) };

export const jsonResponse = {
  'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8'),
};

/**
 * 200 with the session status and a new session cookie; `setCookie` is the pattern each Set-Cookie header
 * matches (the matcher takes them one by one), for answers that also clear another cookie.
 */
export const sessionAnswer = (setCookie: string): Answer => ({
  status: 200,
  build: (builder) => {
    builder
      .headers({
        ...jsonResponse,
        'Set-Cookie': regex(
          setCookie,
          'pre_admission_session=4f8a0c; Max-Age=43200; Path=/; HttpOnly; SameSite=Lax',
        ),
      })
      .jsonBody({ signedIn: true, email: like(EMAIL) });
  },
});

/** A password sign-in, and a passkey sign-in, which makes the same session. */
export const signedInAnswer = sessionAnswer('^pre_admission_session=[^;]+(;.*)?$');

/**
 * An RFC 9457 error body. The adapter maps by status, so the status is pinned; type and title are
 * matched by type.
 */
export function problem(status: number, type: string, title: string): Answer {
  return {
    status,
    build: (builder) => {
      builder
        .headers({ 'Content-Type': regex('^application/problem\\+json(;.*)?$', 'application/problem+json') })
        .jsonBody({ type: like(`urn:pre-admission:problem:${type}`), title: like(title), status });
    },
  };
}

/** A problem whose `code` the screens switch on: status and code pinned, type and title matched by type. */
export function codedProblem(status: number, type: string, title: string, code: string): Answer {
  return {
    status,
    build: (builder) => {
      builder
        .headers({ 'Content-Type': regex('^application/problem\\+json(;.*)?$', 'application/problem+json') })
        .jsonBody({ type: like(`urn:pre-admission:problem:${type}`), title: like(title), status, code });
    },
  };
}

/** docs/security.md#recent-sign-in: the change needs a recent sign-in; the screen asks and tries again. */
export const confirmationRequired = codedProblem(
  403,
  'confirmation-required',
  'Confirm it is you.',
  'confirmation_required',
);

/** ISO 8601 date-time, which the adapter turns into a Date (docs/behaviour.md#data). */
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

interface BrowserOptions {
  signedIn?: boolean;
  cookie?: string;
}

/** A fetch as the browser sends it: with the cookie, and waiting until the mock server has recorded it. */
function browserFetch(pact: PactV4, mockserver: { port: number }, options: BrowserOptions) {
  return async (request: Request): Promise<Response> => {
    const browserHeaders = new Headers(request.headers);
    if (options.signedIn) browserHeaders.set('Cookie', EXAMPLE_COOKIE);
    if (options.cookie) browserHeaders.set('Cookie', options.cookie);
    browserHeaders.set('Connection', 'close');
    const response = await globalThis.fetch(new Request(request, { headers: browserHeaders }));
    await matchRecorded(pact, mockserver.port);
    return response;
  };
}

/**
 * The real adapter over the mock server, with the fetch a browser would use. The browser sends the session
 * cookie (credentials 'include'; Node's fetch has no cookie jar), so the tests add the Cookie header the
 * pact pins; every request gets a fresh connection.
 */
export function apiFor(
  pact: PactV4,
  mockserver: { url: string; port: number },
  options: BrowserOptions = {},
) {
  const fetch = browserFetch(pact, mockserver, options);
  // The adapter uploads with XMLHttpRequest (for its progress), which Node lacks: the request it builds (the
  // same URL, headers and FormData) goes out through the fetch above, as a browser would send it.
  const xhr = () =>
    fakeXhr(({ method, url, headers, body }) => fetch(new Request(url, { method, headers, body })));
  return createApi({ baseUrl: mockserver.url, fetch, xhr });
}

/** One interaction of the pact: what the adapter sends, what the provider answers, and what the screens get. */
export interface InteractionSpec {
  /** Provider states, in order. */
  given?: readonly string[];
  uponReceiving: string;
  request: {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    path: Path;
    /** The query, each array item repeating its key (the adapter's query style, docs/behaviour.md#api-calls). */
    query?: Record<string, string | string[]>;
    /** A JSON request body (the request then carries the JSON Content-Type). */
    body?: Record<string, unknown>;
    /** A multipart body (an upload), as {@link multipartBody} writes it; the boundary is matched by pattern. */
    multipart?: Multipart;
    /** The browser sends the session cookie the provider state made. */
    signedIn?: boolean;
    /**
     * The browser sends another cookie the provider state made (the second-step or challenge cookie): the
     * state's value named `expression` (`${secondStepCookie}`), `example` in the consumer test.
     */
    cookie?: { expression: string; example: string };
  };
  response: Answer;
  /**
   * Calls the real adapter against the mock server and checks what it hands back; `browserGet` is the
   * browser's own GET of a URL the adapter built (a download link, an image's preview), with the cookie.
   */
  test: (api: Api, browserGet: (url: string) => Promise<Response>) => Promise<void>;
}

/** Adds an interaction to the pact and runs its test: the request headers follow the adapter's rules. */
export async function verifyInteraction(pact: PactV4, spec: InteractionSpec): Promise<void> {
  const { method, path, query, body, multipart, signedIn, cookie } = spec.request;
  const base = body ? jsonHeaders : multipart ? multipartHeaders : headers;
  const requestHeaders = cookie
    ? { ...base, Cookie: fromProviderState(cookie.expression, cookie.example) }
    : signedIn
      ? { ...base, ...sessionCookie }
      : base;
  let interaction = pact.addInteraction();
  for (const state of spec.given ?? []) interaction = interaction.given(state);
  await interaction
    .uponReceiving(spec.uponReceiving)
    .withRequest(method, path, (builder) => {
      builder.headers(requestHeaders);
      if (query) builder.query(query);
      if (body) builder.jsonBody(body);
      if (multipart) {
        builder.body(MULTIPART_TYPE, multipart.body);
        // The binary body's own rule (its content type) would apply to every part: each part gets its own.
        builder.matchingRules({
          body: Object.entries(multipart.parts).map(([name, rule]) => ({ path: `$.${name}`, rules: [rule] })),
        });
      }
    })
    .willRespondWith(spec.response.status, spec.response.build)
    .executeTest(async (mockserver) => {
      const options = { signedIn, cookie: cookie?.example };
      const browserGet = (url: string) =>
        browserFetch(
          pact,
          mockserver,
          options,
        )(new Request(url, { headers: { Accept: 'application/json', 'X-Request-Id': createRequestId() } }));
      await spec.test(apiFor(pact, mockserver, options), browserGet);
    });
}

/** A test of the file that adds one interaction to the pact and runs it. */
export function interactionTest(pact: PactV4, title: string, spec: InteractionSpec): void {
  it(title, () => verifyInteraction(pact, spec));
}

/** What an adapter call hands back, as far as the failure checks read it. */
type Checked = { ok: boolean; error?: { status: number } };

/** A failure the catalogue maps: its code, and the status it came from. */
export function expectFailure(outcome: Checked, expected: { failure: string; status: number }): void {
  const { status, ...rule } = expected;
  expect(outcome).toMatchObject({ ok: false, ...rule });
  expect(!outcome.ok && outcome.error?.status).toBe(status);
}

/**
 * A refused link's 404 (docs/behaviour.md#link-states): the status and `code` are pinned (the screen
 * switches on them); `expiredAt` is matched as a date-time.
 */
export function tokenRefused(code: 'unknown' | 'used' | 'expired' | 'superseded'): Answer {
  return {
    status: 404,
    build: (builder) => {
      builder
        .headers({ 'Content-Type': regex('^application/problem\\+json(;.*)?$', 'application/problem+json') })
        .jsonBody({
          type: like('urn:pre-admission:problem:token-not-found'),
          title: like('This link is invalid or has expired.'),
          status: 404,
          code,
          ...(code === 'expired' ? { expiredAt: dateTime(EXAMPLE_EXPIRED_AT) } : {}),
        });
    },
  };
}
export const EXAMPLE_EXPIRED_AT = '2026-11-21T09:30:00.000Z';

/** A mail request's 202: when the next mail to the address is allowed. */
export const mailAccepted: Answer = {
  status: 202,
  build: (builder) => {
    builder.headers(jsonResponse).jsonBody({ nextSendAllowedAt: dateTime(EXAMPLE_NEXT_SEND) });
  },
};
export const EXAMPLE_NEXT_SEND = '2026-11-21T08:31:00.000Z';
export const EXAMPLE_SENT_AT = '2026-11-21T08:30:00.000Z';

/** A reset request's 202 that sent nothing: when the account's last reset mail went out (docs/security.md#already-sent). */
export const resetMailAlreadySent: Answer = {
  status: 202,
  build: (builder) => {
    builder
      .headers(jsonResponse)
      .jsonBody({ nextSendAllowedAt: dateTime(EXAMPLE_NEXT_SEND), sentAt: dateTime(EXAMPLE_SENT_AT) });
  },
};

/** 429 with the wait in Retry-After (whole seconds), which the screens show. */
export const tooManyRequests: Answer = {
  status: 429,
  build: (builder) => {
    builder
      .headers({
        'Content-Type': regex('^application/problem\\+json(;.*)?$', 'application/problem+json'),
        'Retry-After': regex('^[0-9]+$', '3600'),
      })
      .jsonBody({
        type: like('urn:pre-admission:problem:rate-limited'),
        title: like('Too many attempts. Please wait before trying again.'),
        status: 429,
      });
  },
};

/**
 * Renewing an expired link (docs/behaviour.md#link-states): 202 for an expired one; 404 with the state for
 * any other (never issued, still live, used, superseded), and no mail; 429 when the address's limit is
 * reached. The adapter's failure and the link state it reads are checked for each.
 */
export function renewalTests(
  pact: PactV4,
  flow: {
    noun: string;
    path: string;
    expired: string;
    live: string;
    refused: { code: 'used' | 'superseded'; given: string }[];
    limitReached: string;
    renew: (api: Api, token: string) => Promise<Checked & { error?: ApiError; retryAfter?: number }>;
  },
): void {
  interactionTest(pact, `renews an expired ${flow.noun} token: 202 with when the next mail is allowed`, {
    given: [flow.expired],
    uponReceiving: `a POST to renew an expired ${flow.noun} token`,
    request: { method: 'POST', path: renewalPath(flow.path) },
    response: mailAccepted,
    test: async (api) => {
      expect(await flow.renew(api, EXAMPLE_TOKEN)).toEqual({
        ok: true,
        data: { nextSendAllowedAt: new Date(EXAMPLE_NEXT_SEND) },
      });
    },
  });

  const refusals = [
    {
      code: 'unknown' as const,
      given: flow.live,
      token: 'unknown',
      path: `${flow.path}/${UNKNOWN_TOKEN}/renewal`,
    },
    { code: 'unknown' as const, given: flow.live, token: 'live', path: renewalPath(flow.path) },
    ...flow.refused.map(({ code, given }) => ({ code, given, token: code, path: renewalPath(flow.path) })),
  ];
  for (const { code, given, token, path } of refusals) {
    interactionTest(pact, `renews a ${token} ${flow.noun} token: 404 with code "${code}"`, {
      given: [given],
      uponReceiving: `a POST to renew a ${token} ${flow.noun} token`,
      request: { method: 'POST', path },
      response: tokenRefused(code),
      test: async (api) => {
        const outcome = await flow.renew(api, token === 'unknown' ? UNKNOWN_TOKEN : EXAMPLE_TOKEN);
        expectFailure(outcome, { failure: 'invalidToken', status: 404 });
        expect(linkRefusal(outcome.error!)).toEqual({ code });
      },
    });
  }

  interactionTest(pact, `renews an expired ${flow.noun} token past the address's limit: 429 with the wait`, {
    given: [flow.expired, flow.limitReached],
    uponReceiving: `a POST to renew an expired ${flow.noun} token when the address has had its mails`,
    request: { method: 'POST', path: renewalPath(flow.path) },
    response: tooManyRequests,
    test: async (api) => {
      const outcome = await flow.renew(api, EXAMPLE_TOKEN);
      expectFailure(outcome, { failure: 'rateLimited', status: 429 });
      expect(outcome.retryAfter).toBe(3600);
    },
  });
}

/** The answers several operations share. */
export const tokenNotFound = tokenRefused('unknown');
export const noSession = (status: 401 | 404) => problem(status, 'no-session', 'You are not signed in.');
export const accountNotFound = problem(
  404,
  'account-not-found',
  'No account exists for this e-mail address.',
);
export const wrongPassword = (status: 403 | 409) =>
  problem(status, 'wrong-password', 'The password is incorrect.');
/**
 * A 400 from the rules with its field errors: the screens show the message of each error's code on its field,
 * so the field and the code are pinned, not matched by type.
 */
export const validationProblem = (errors: unknown): Answer => ({
  status: 400,
  build: (builder) => {
    builder
      .headers({ 'Content-Type': regex('^application/problem\\+json(;.*)?$', 'application/problem+json') })
      .jsonBody({
        type: like('urn:pre-admission:problem:validation'),
        title: like('Some fields are invalid.'),
        status: 400,
        errors,
      });
  },
});
/** A new password refused though it fits the rule (docs/security.md#common-passwords). */
export const refusedPassword = (
  field: 'password' | 'newPassword',
  code: 'common_password' | 'same_as_current',
): Answer => validationProblem([{ field, code }]);
/** A password from every breach list (issue 25): on the refused list whatever its case. */
export const COMMON_PASSWORD = 'Passw0rd';
/** The answer to a token read: 200 with the address to show and when it was asked for. */
export const tokenBody = (email: string): Answer => ({
  status: 200,
  build: (builder) => {
    builder.headers(jsonResponse).jsonBody({
      token: like(EXAMPLE_TOKEN),
      email: like(email),
      createdAt: dateTime(EXAMPLE_CREATED_AT),
    });
  },
});
export const EXAMPLE_CREATED_AT = '2026-11-21T08:30:00.000Z';

/** A flow by mailed link (registration, password reset): the token read, and the finish with a password. */
export interface TokenFlow<Read extends Checked, Finish> {
  /** How the tests are titled ('registration', 'reset'). */
  title: string;
  /** How the interactions are described ('registration', 'password reset'). */
  noun: string;
  path: string;
  /** The provider state that issues a token. */
  given: string;
  /** The address the token was issued for. */
  email: string;
  password: string;
  read: (api: Api, token: string) => Promise<Read>;
  finish: (api: Api, token: string, body: { password: string }) => Promise<Finish>;
}

/**
 * The tests every mailed-link flow shares: reading a live token (200 with the address and when it was
 * asked for), reading an unknown one (404 is "URL is invalid"), and finishing with a live token (204).
 */
export function tokenFlowTests<Read extends Checked, Finish>(
  pact: PactV4,
  flow: TokenFlow<Read, Finish>,
): void {
  interactionTest(
    pact,
    `reads a ${flow.title} token: 200 with the address to show and when it was asked for`,
    {
      given: [flow.given],
      uponReceiving: `a GET of a live ${flow.noun} token`,
      request: { method: 'GET', path: tokenPath(flow.path) },
      response: tokenBody(flow.email),
      test: async (api) => {
        expect(await flow.read(api, EXAMPLE_TOKEN)).toEqual({
          ok: true,
          data: { token: EXAMPLE_TOKEN, email: flow.email, createdAt: new Date(EXAMPLE_CREATED_AT) },
        });
      },
    },
  );

  interactionTest(pact, `reads an unknown ${flow.title} token: 404 is "URL is invalid"`, {
    given: [flow.given],
    uponReceiving: `a GET of a ${flow.noun} token that was never issued`,
    request: { method: 'GET', path: `${flow.path}/${UNKNOWN_TOKEN}` },
    response: tokenNotFound,
    test: async (api) => {
      expectFailure(await flow.read(api, UNKNOWN_TOKEN), { failure: 'invalidToken', status: 404 });
    },
  });

  interactionTest(pact, `finishes a ${flow.title}: 204`, {
    given: [flow.given],
    uponReceiving: `a PATCH to finish a ${flow.noun} with a live token and a valid password`,
    request: { method: 'PATCH', path: tokenPath(flow.path), body: { password: flow.password } },
    response: { status: 204 },
    test: async (api) => {
      expect(await flow.finish(api, EXAMPLE_TOKEN, { password: flow.password })).toEqual({
        ok: true,
        data: undefined,
      });
    },
  });
}

/** A flow's refused links: one interaction per reason, the adapter's failure and the reason it reads. */
export function refusedLinkTests(
  pact: PactV4,
  flow: {
    noun: string;
    method: 'GET' | 'PATCH';
    path: string;
    cases: { code: 'used' | 'expired' | 'superseded'; given: string }[];
    call: (api: Api, token: string) => Promise<Checked & { error?: ApiError }>;
  },
): void {
  for (const { code, given } of flow.cases) {
    const verb = flow.method === 'GET' ? 'reads' : 'activates';
    interactionTest(pact, `${verb} a ${code} ${flow.noun} token: 404 with code "${code}"`, {
      given: [given],
      uponReceiving: `a ${flow.method} of a ${code} ${flow.noun} token`,
      request: { method: flow.method, path: tokenPath(flow.path) },
      response: tokenRefused(code),
      test: async (api) => {
        const outcome = await flow.call(api, EXAMPLE_TOKEN);
        expectFailure(outcome, { failure: 'invalidToken', status: 404 });
        expect(linkRefusal(outcome.error!)).toEqual(
          code === 'expired' ? { code, expiredAt: new Date(EXAMPLE_EXPIRED_AT) } : { code },
        );
      },
    });
  }
}
