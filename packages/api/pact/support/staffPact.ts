// What the desk console's pact (consumer `pre-admission-desk`) shares: the pact, the staff provider states,
// the staff session cookie from provider state, and the staff client over the mock server.
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createStaffApi } from '@pre-admission/api/staff';
import { inject, it } from 'vitest';
import {
  codedProblem,
  EXAMPLE_APPLICATION_ID,
  headers,
  jsonHeaders,
  type Answer,
  type InteractionSpec,
} from './pact';
import { PROVIDER, STAFF_CONSUMER } from './paths';

const { fromProviderState, like, regex } = MatchersV3;

export function createStaffPact(): PactV4 {
  return new PactV4({
    consumer: STAFF_CONSUMER,
    provider: PROVIDER,
    dir: inject('pactDir'),
    logLevel: 'warn',
  });
}

/**
 * The staff provider states (apps/api/src/providerStates/staffStates.ts). Each signed-in one returns
 * `staffCookie` (the whole Cookie header value): a name of its own, so that it can be combined with an
 * applicant's state (which returns `cookie` and `applicationId`) in one interaction.
 */
export const staffStates = {
  /** A desk member with the authenticator app on, signed in. */
  deskSignedIn: 'a desk member is signed in',
  /** A desk member who has not added a second factor yet, signed in: every staff operation but its own is 403. */
  noSecondFactor: 'a staff member without a second factor is signed in',
  /** An office member (office 2) with a second factor: the consent routes refuse the role. */
  officeSignedIn: 'an office member is signed in',
  /** The supervisor account of teacher 103 (whom the consent states' requests name), with a second factor. */
  supervisorSignedIn: 'the supervisor is signed in',
  /** The staff member of noSecondFactor, with the password {@link STAFF_PASSWORD}: a sign-in opens a session. */
  staffPassword: 'a staff member without a second factor has the password Passw0rd2026',
  /** An invited office member (invitee@example.ac.jp); returns `token`. */
  invitation: 'a staff invitation exists for invitee@example.ac.jp',
  /** A desk member's session revoked (as by signing out elsewhere): the check says terminated (403), any other call 401. */
  staffSessionRevoked: 'the staff session has been revoked',
  /** A desk member's password checked, the second step under way; `staffCookie` is the second-step cookie, `code` valid now. */
  secondStepWaits: 'a staff sign-in waits for its second step',
  /** As noSecondFactor, with an authenticator app set-up started now; returns `code`, valid now for it. */
  settingUpApp: 'a staff member without a second factor is setting up the authenticator app',
  /** As noSecondFactor, its sign-in older than the confirmation window: adding a factor answers confirmation_required. */
  signedInLongAgo: 'a staff member without a second factor signed in long ago',
  /** As noSecondFactor, with a live adding challenge and a valid attestation over it (`id`, `rawId`, …). */
  addingPasskey: 'a staff member without a second factor is adding a passkey',
} as const;

export const STAFF_PASSWORD = 'Passw0rd2026';
export const NEW_STAFF = 'staff-no-second-factor@example.ac.jp';
export const INVITEE = 'invitee@example.ac.jp';
export const EXAMPLE_STAFF_COOKIE = 'pre_admission_staff_session=9d2b7eExampleStaffSession';
/** An id of the right shape that the provider never issued: answered 404 as another's is. */
export const UNKNOWN_ID = 'Xq7unknownIdNeverIssue';

/** The staff session cookie, as the provider state created it. */
export const staffCookie = { Cookie: fromProviderState('${staffCookie}', EXAMPLE_STAFF_COOKIE) };
/** The staff second-step cookie, as "a staff sign-in waits for its second step" created it (its `staffCookie`). */
const EXAMPLE_SECOND_STEP_COOKIE = 'pre_admission_staff_second_step=71bdExampleSecondStep';
export const secondStepCookie = {
  Cookie: fromProviderState('${staffCookie}', EXAMPLE_SECOND_STEP_COOKIE),
};

export const APPLICATIONS = '/api/staff/applications';
/** A path under the application the applicant's provider state returned (`suffix`: '/return', …). */
export const applicationPath = (suffix = '') =>
  fromProviderState(
    `${APPLICATIONS}/\${applicationId}${suffix}`,
    `${APPLICATIONS}/${EXAMPLE_APPLICATION_ID}${suffix}`,
  );
/** A path under an application id never issued. */
export const unknownApplication = (suffix = '') => `${APPLICATIONS}/${UNKNOWN_ID}${suffix}`;

/** The rows every signed-in staff call shares (openapi.staff.yaml StaffRefused). */
export const secondFactorRequired = codedProblem(
  403,
  'second-factor-required',
  'Add a second factor first.',
  'second_factor_required',
);
export const roleRefused = codedProblem(
  403,
  'role-refused',
  'Your role does not allow this.',
  'role_refused',
);
/** A 400 whose errors name the field and the code (the dialog shows them on the field). */
export const fieldRefused = (field: string, code: string): Answer => ({
  status: 400,
  build: (builder) => {
    builder
      .headers({
        'Content-Type': regex('^application/problem\\+json(;.*)?$', 'application/problem+json'),
      })
      .jsonBody({
        type: like('urn:pre-admission:problem:validation'),
        title: like('Some fields are invalid.'),
        status: 400,
        errors: [{ field, code }],
      });
  },
});

type StaffApi = ReturnType<typeof createStaffApi>;

/** One interaction of the desk's pact: what the staff client sends, what the provider answers, what the console gets. */
export interface StaffInteractionSpec extends Omit<InteractionSpec, 'request' | 'test'> {
  request: {
    method: InteractionSpec['request']['method'];
    path: InteractionSpec['request']['path'];
    query?: Record<string, string | string[]>;
    body?: Record<string, unknown>;
    /** The browser sends the staff session cookie the provider state made. */
    signedIn?: boolean;
    /** The browser sends the staff second-step cookie the provider state made (its `staffCookie`). */
    secondStep?: boolean;
  };
  response: Answer;
  test: (api: StaffApi) => Promise<void>;
}

/** Waits until the mock server has recorded the request it answered (as the applicant's pact does). */
async function matchRecorded(pact: PactV4, port: number, timeoutMs = 2000): Promise<void> {
  const native = (pact as unknown as { pact: { mockServerMatchedSuccessfully(port: number): boolean } }).pact;
  const deadline = Date.now() + timeoutMs;
  while (!native.mockServerMatchedSuccessfully(port) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Adds an interaction to the desk's pact and runs the real staff client against the mock server. */
export async function verifyStaffInteraction(pact: PactV4, spec: StaffInteractionSpec): Promise<void> {
  const { method, path, query, body, signedIn, secondStep } = spec.request;
  const base = body ? jsonHeaders : headers;
  const requestHeaders = secondStep
    ? { ...base, ...secondStepCookie }
    : signedIn
      ? { ...base, ...staffCookie }
      : base;
  let interaction = pact.addInteraction();
  for (const state of spec.given ?? []) interaction = interaction.given(state);
  await interaction
    .uponReceiving(spec.uponReceiving)
    .withRequest(method, path, (builder) => {
      builder.headers(requestHeaders);
      if (query) builder.query(query);
      if (body) builder.jsonBody(body);
    })
    .willRespondWith(spec.response.status, spec.response.build)
    .executeTest(async (mockserver) => {
      // The browser sends the staff cookie (credentials 'include'); Node's fetch has no cookie jar.
      const fetch = async (request: Request): Promise<Response> => {
        const browserHeaders = new Headers(request.headers);
        if (secondStep) browserHeaders.set('Cookie', EXAMPLE_SECOND_STEP_COOKIE);
        else if (signedIn) browserHeaders.set('Cookie', EXAMPLE_STAFF_COOKIE);
        browserHeaders.set('Connection', 'close');
        const response = await globalThis.fetch(new Request(request, { headers: browserHeaders }));
        await matchRecorded(pact, mockserver.port);
        return response;
      };
      await spec.test(createStaffApi({ baseUrl: mockserver.url, fetch }));
    });
}

/** A test of the file that adds one interaction to the desk's pact and runs it. */
export function staffInteractionTest(pact: PactV4, title: string, spec: StaffInteractionSpec): void {
  it(title, () => verifyStaffInteraction(pact, spec));
}
