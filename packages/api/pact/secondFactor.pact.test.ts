// The second step of a password sign-in and the passkey sign-in (docs/security.md#second-factor,
// docs/security.md#passkeys), and the signed-in calls refused until an account has a second factor.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect } from 'vitest';
import {
  createPact,
  EMAIL,
  expectFailure,
  interactionTest,
  jsonResponse,
  PASSWORD,
  sessionAnswer,
  signedInAnswer,
  states,
  type Answer,
} from './support/pact';

const { eachLike, fromProviderState, integer, like, regex } = MatchersV3;
const pact = createPact();
const sessions = '/api/applicant/sessions';
const secondStep = '/api/applicant/sessions/second-step';
const passkeyOptions = '/api/applicant/passkey-sign-in/options';
const passkeySignIn = '/api/applicant/passkey-sign-in';

const problemJson = {
  'Content-Type': regex('^application/problem\\+json(;.*)?$', 'application/problem+json'),
};
/** A refusal the screen tells apart by its `code`: the status and the code are pinned. */
const coded = (status: number, type: string, title: string, code: string): Answer => ({
  status,
  build: (builder) => {
    builder.headers(problemJson).jsonBody({
      type: like(`urn:pre-admission:problem:${type}`),
      title: like(title),
      status,
      code,
    });
  },
});

const EXAMPLE_SECOND_STEP_COOKIE = 'pre_admission_second_step=71bdExampleSecondStep';
const secondStepCookie = { expression: '${secondStepCookie}', example: EXAMPLE_SECOND_STEP_COOKIE };
const EXAMPLE_CHALLENGE_COOKIE = 'pre_admission_challenge=c4a1ExampleChallenge';
const challengeCookie = { expression: '${cookie}', example: EXAMPLE_CHALLENGE_COOKIE };

/**
 * The second step's success: the session cookie, and the used second-step cookie cleared (two Set-Cookie
 * headers, which the matcher takes one by one).
 */
const secondStepFinished = sessionAnswer('^(pre_admission_session=[^;]+|pre_admission_second_step=)(;.*)?$');

/** The assertion the provider state made for its challenge, as @simplewebauthn/browser gives it. */
const example = {
  id: 'Y3JlZC0xExampleCredential',
  userHandle: '3q2-7wExampleHandle',
  clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
  authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
  signature: 'MEUCIQExampleSignature',
};
const assertion = {
  id: example.id,
  rawId: example.id,
  type: 'public-key' as const,
  clientExtensionResults: {},
  response: {
    clientDataJSON: example.clientDataJSON,
    authenticatorData: example.authenticatorData,
    signature: example.signature,
    userHandle: example.userHandle,
  },
};
const fromState = (name: keyof typeof example | 'rawId') =>
  fromProviderState(`\${${name}}`, name === 'rawId' ? example.id : example[name]);
/** The pact's body: every value of the assertion from the provider state. */
const assertionBody = (signature: unknown = fromState('signature')) => ({
  id: fromState('id'),
  rawId: fromState('rawId'),
  type: 'public-key',
  clientExtensionResults: {},
  response: {
    clientDataJSON: fromState('clientDataJSON'),
    authenticatorData: fromState('authenticatorData'),
    signature,
    userHandle: fromState('userHandle'),
  },
});
/** A signature the passkey never made (base64url of 70 zero bytes): refused whatever else is right. */
const FORGED_SIGNATURE = 'A'.repeat(94);

describe('the second step of a password sign-in', () => {
  interactionTest(
    pact,
    'signs in with the right password of an account with the app: 200 names the second step, no session yet',
    {
      given: [states.secondStepWaits],
      uponReceiving: 'a POST to sign in with the right password of an account with the authenticator app on',
      request: { method: 'POST', path: sessions, body: { email: EMAIL, password: PASSWORD } },
      response: {
        status: 200,
        build: (builder) => {
          builder
            .headers({
              ...jsonResponse,
              'Set-Cookie': regex(
                '^pre_admission_second_step=[^;]+(;.*)?$',
                'pre_admission_second_step=71bd; Path=/; Max-Age=300; HttpOnly; SameSite=Strict',
              ),
            })
            .jsonBody({
              signedIn: false,
              secondStep: eachLike(regex('^(authenticatorApp|recoveryCode|passkey)$', 'authenticatorApp')),
            });
        },
      },
      test: async (api) => {
        expect(await api.signIn({ email: EMAIL, password: PASSWORD })).toEqual({
          ok: true,
          data: { signedIn: false, secondStep: ['authenticatorApp'] },
        });
      },
    },
  );

  interactionTest(pact, 'finishes with a code from the app: 200, the session starts', {
    given: [states.secondStepWaits],
    uponReceiving: 'a POST of the second step with a code that is valid now',
    request: {
      method: 'POST',
      path: secondStep,
      body: { code: fromProviderState('${code}', '492039') },
      cookie: secondStepCookie,
    },
    response: secondStepFinished,
    test: async (api) => {
      expect(await api.finishSignIn({ code: '492039' })).toEqual({
        ok: true,
        data: { signedIn: true, email: EMAIL },
      });
    },
  });

  interactionTest(pact, 'finishes with a recovery code: 200, the session starts', {
    given: [states.secondStepWaits],
    uponReceiving: 'a POST of the second step with an unused recovery code',
    request: {
      method: 'POST',
      path: secondStep,
      body: { recoveryCode: fromProviderState('${recoveryCode}', '7fkq-2m9x-hd4p') },
      cookie: secondStepCookie,
    },
    response: secondStepFinished,
    test: async (api) => {
      expect(await api.finishSignIn({ recoveryCode: '7fkq-2m9x-hd4p' })).toMatchObject({ ok: true });
    },
  });

  interactionTest(pact, 'finishes with a wrong code: 403 wrong_code on the code field', {
    given: [states.secondStepWaits],
    uponReceiving: 'a POST of the second step with a wrong code',
    // Not a code of the time steps around now for the state's secret (one in a million it were).
    request: { method: 'POST', path: secondStep, body: { code: '000000' }, cookie: secondStepCookie },
    response: coded(403, 'wrong-code', 'The code is not correct.', 'wrong_code'),
    test: async (api) => {
      expectFailure(await api.finishSignIn({ code: '000000' }), { failure: 'wrongCode', status: 403 });
    },
  });

  interactionTest(
    pact,
    'finishes after ten wrong codes in a row: 403 second_factor_locked on the code field',
    {
      given: [states.secondStepWaits, states.codesStopped],
      uponReceiving: 'a POST of the second step with the right code when codes are stopped',
      request: {
        method: 'POST',
        path: secondStep,
        body: { code: fromProviderState('${code}', '492039') },
        cookie: secondStepCookie,
      },
      response: coded(
        403,
        'second-factor-locked',
        'Too many wrong codes. Reset your password.',
        'second_factor_locked',
      ),
      test: async (api) => {
        expectFailure(await api.finishSignIn({ code: '492039' }), { failure: 'codesLocked', status: 403 });
      },
    },
  );

  interactionTest(pact, 'finishes without a second step under way: 401 no_second_step, sign in again', {
    uponReceiving: 'a POST of the second step without a second-step cookie',
    request: { method: 'POST', path: secondStep, body: { code: '492039' } },
    response: coded(401, 'no-second-step', 'Sign in again.', 'no_second_step'),
    test: async (api) => {
      expectFailure(await api.finishSignIn({ code: '492039' }), { failure: 'noSecondStep', status: 401 });
    },
  });
});

describe('the passkey sign-in', () => {
  interactionTest(
    pact,
    'asks for a challenge: 200 with the options for the browser and the challenge cookie',
    {
      uponReceiving: 'a POST for passkey sign-in options',
      request: { method: 'POST', path: passkeyOptions },
      response: {
        status: 200,
        build: (builder) => {
          builder
            .headers({
              ...jsonResponse,
              'Set-Cookie': regex(
                '^pre_admission_challenge=[^;]+(;.*)?$',
                'pre_admission_challenge=c4a1; Path=/; Max-Age=120; HttpOnly; SameSite=Strict',
              ),
            })
            .jsonBody({
              challenge: regex('^[A-Za-z0-9_-]+$', 'mVbMx0RVcUq2_fVNqBhTzA'),
              timeout: integer(120000),
              rpId: like('www.example.ac.jp'),
              userVerification: 'required',
            });
        },
      },
      test: async (api) => {
        expect(await api.startPasskeySignIn()).toEqual({
          ok: true,
          data: {
            challenge: 'mVbMx0RVcUq2_fVNqBhTzA',
            timeout: 120000,
            rpId: 'www.example.ac.jp',
            userVerification: 'required',
          },
        });
      },
    },
  );

  interactionTest(pact, 'signs in with a passkey: 200, the same session as a password sign-in', {
    given: [states.passkeySignInUnderWay],
    uponReceiving: 'a POST of a valid passkey assertion for the challenge of this browser',
    request: { method: 'POST', path: passkeySignIn, body: assertionBody(), cookie: challengeCookie },
    response: signedInAnswer,
    test: async (api) => {
      expect(await api.passkeySignIn(assertion)).toEqual({
        ok: true,
        data: { signedIn: true, email: EMAIL },
      });
    },
  });

  interactionTest(pact, 'signs in with a forged passkey signature: 403 passkey_refused', {
    given: [states.passkeySignInUnderWay],
    uponReceiving: 'a POST of a passkey assertion whose signature the passkey did not make',
    request: {
      method: 'POST',
      path: passkeySignIn,
      body: assertionBody(FORGED_SIGNATURE),
      cookie: challengeCookie,
    },
    response: coded(403, 'passkey-refused', 'The passkey was not accepted.', 'passkey_refused'),
    test: async (api) => {
      const forged = { ...assertion, response: { ...assertion.response, signature: FORGED_SIGNATURE } };
      expectFailure(await api.passkeySignIn(forged), { failure: 'passkeyRefused', status: 403 });
    },
  });
});

describe('a second factor required and not yet added', () => {
  const required = coded(
    403,
    'second-factor-required',
    'Set up a passkey or an authenticator app first.',
    'second_factor_required',
  );
  const failure = { failure: 'secondFactorRequired', status: 403 };

  interactionTest(pact, 'reads the plan: 403 second_factor_required sends the applicant to add one', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a GET of the plan of an account that must add a second factor first',
    request: { method: 'GET', path: '/api/applicant/plan', signedIn: true },
    response: required,
    test: async (api) => expectFailure(await api.getPlan(), failure),
  });

  interactionTest(pact, 'saves the plan: 403 second_factor_required', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a PUT of the plan of an account that must add a second factor first',
    request: {
      method: 'PUT',
      path: '/api/applicant/plan',
      signedIn: true,
      body: { readyCertificateIds: [], readyMaterialIds: [] },
    },
    response: required,
    test: async (api) =>
      expectFailure(await api.savePlan({ readyCertificateIds: [], readyMaterialIds: [] }), failure),
  });

  interactionTest(pact, 'changes the password: 403 second_factor_required', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a PATCH of the password of an account that must add a second factor first',
    request: {
      method: 'PATCH',
      path: '/api/applicant/password',
      signedIn: true,
      body: { currentPassword: PASSWORD, newPassword: 'N3wPassw0rd' },
    },
    response: required,
    test: async (api) =>
      expectFailure(
        await api.changePassword({ currentPassword: PASSWORD, newPassword: 'N3wPassw0rd' }),
        failure,
      ),
  });

  interactionTest(pact, 'asks to change the address: 403 second_factor_required', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a POST of an email change of an account that must add a second factor first',
    request: {
      method: 'POST',
      path: '/api/applicant/email-change-requests',
      signedIn: true,
      body: { email: 'new@example.com' },
    },
    response: required,
    test: async (api) => expectFailure(await api.requestEmailChange({ email: 'new@example.com' }), failure),
  });
});
