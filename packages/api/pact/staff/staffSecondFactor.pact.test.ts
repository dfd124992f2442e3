// The staff sign-in's second step and a staff member adding their first second factor (issue 40, item 1;
// openapi.staff.yaml tags staff-sessions, staff-second-factor): each call's success the console relies on, and
// the rows of their failure tables (packages/api/src/staff/operations.ts) a provider state can bring about. The
// states' `staffCookie` is the cookie the call carries: the second-step cookie for the second step, the staff
// session cookie for adding a factor.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect } from 'vitest';
import {
  codedProblem,
  confirmationRequired,
  dateTime,
  expectFailure,
  int,
  jsonResponse,
  noSession,
  problem,
} from '../support/pact';
import { createStaffPact, staffInteractionTest as interactionTest, staffStates } from '../support/staffPact';

const { atLeastLike, eachLike, fromProviderState, like, regex } = MatchersV3;
const pact = createStaffPact();
const secondStep = '/api/staff/sessions/second-step';
const passkeyStepOptions = '/api/staff/sessions/second-step/options';
const passkeyOptions = '/api/staff/passkeys/options';
const passkeys = '/api/staff/passkeys';
const setup = '/api/staff/authenticator-app/setup';
const app = '/api/staff/authenticator-app';

const DESK_MEMBER = 'desk-pact@example.ac.jp';
const NEW_STAFF = 'staff-no-second-factor@example.ac.jp';
const EXAMPLE_CODE = '492039';
const base64url = (example: string) => regex('^[A-Za-z0-9_-]+$', example);

const noSecondStep = codedProblem(401, 'no-second-step', 'Sign in again.', 'no_second_step');
const wrongCode = codedProblem(403, 'wrong-code', 'The code is not correct.', 'wrong_code');

describe('the second step of a staff sign-in', () => {
  interactionTest(pact, 'finishes with a code from the app: 200, the staff session starts', {
    given: [staffStates.secondStepWaits],
    uponReceiving: 'a POST of the staff second step with a code that is valid now',
    request: {
      method: 'POST',
      path: secondStep,
      body: { code: fromProviderState('${code}', EXAMPLE_CODE) },
      secondStep: true,
    },
    response: {
      status: 200,
      build: (builder) => {
        builder
          .headers({
            ...jsonResponse,
            // The staff session cookie, and the used second-step cookie cleared: two Set-Cookie headers.
            'Set-Cookie': regex(
              '^(pre_admission_staff_session=[^;]+|pre_admission_staff_second_step=)(;.*)?$',
              'pre_admission_staff_session=9d2b7e; Max-Age=28800; Path=/; HttpOnly; SameSite=Strict',
            ),
          })
          .jsonBody({ signedIn: true, email: like(DESK_MEMBER) });
      },
    },
    test: async (api) => {
      expect(await api.finishStaffSignIn({ code: EXAMPLE_CODE })).toEqual({
        ok: true,
        data: { signedIn: true, email: DESK_MEMBER },
      });
    },
  });

  // 000000 is a right code for one secret in a million per time step: the state's secret is random.
  interactionTest(pact, 'finishes with a wrong code: 403 wrong_code on the code field', {
    given: [staffStates.secondStepWaits],
    uponReceiving: 'a POST of the staff second step with a wrong code',
    request: { method: 'POST', path: secondStep, body: { code: '000000' }, secondStep: true },
    response: wrongCode,
    test: async (api) => {
      expectFailure(await api.finishStaffSignIn({ code: '000000' }), { failure: 'wrongCode', status: 403 });
    },
  });

  interactionTest(pact, 'finishes without a second step under way: 401 no_second_step, sign in again', {
    uponReceiving: 'a POST of the staff second step without a second-step cookie',
    request: { method: 'POST', path: secondStep, body: { code: EXAMPLE_CODE } },
    response: noSecondStep,
    test: async (api) => {
      expectFailure(await api.finishStaffSignIn({ code: EXAMPLE_CODE }), {
        failure: 'noSecondStep',
        status: 401,
      });
    },
  });

  interactionTest(
    pact,
    'asks for a passkey challenge for the second step: 200 with the options and the challenge cookie',
    {
      given: [staffStates.secondStepWaits],
      uponReceiving: 'a POST for the passkey options of a staff second step under way',
      request: { method: 'POST', path: passkeyStepOptions, secondStep: true },
      response: {
        status: 200,
        build: (builder) => {
          builder
            .headers({
              ...jsonResponse,
              'Set-Cookie': regex(
                '^pre_admission_staff_challenge=[^;]+(;.*)?$',
                'pre_admission_staff_challenge=c4a1; Path=/; Max-Age=120; HttpOnly; SameSite=Strict',
              ),
            })
            .jsonBody({
              challenge: base64url('mVbMx0RVcUq2_fVNqBhTzA'),
              timeout: int(120000),
              rpId: like('www.example.ac.jp'),
              userVerification: 'required',
            });
        },
      },
      test: async (api) => {
        expect(await api.startStaffPasskeyStep()).toMatchObject({
          ok: true,
          data: { challenge: 'mVbMx0RVcUq2_fVNqBhTzA', userVerification: 'required' },
        });
      },
    },
  );
});

describe('the authenticator app as a staff member’s first second factor', () => {
  interactionTest(pact, 'starts setting the app up: 200 with the Base32 key and the otpauth URI', {
    given: [staffStates.noSecondFactor],
    uponReceiving:
      'a POST to start setting up the authenticator app by a staff member without a second factor',
    request: { method: 'POST', path: setup, signedIn: true },
    response: {
      status: 200,
      build: (builder) => {
        builder.headers(jsonResponse).jsonBody({
          key: regex('^[A-Z2-7]{32}$', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'),
          uri: regex(
            '^otpauth://totp/.+secret=[A-Z2-7]{32}.*$',
            'otpauth://totp/Pre-admission%20Support:staff%40example.ac.jp?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Pre-admission%20Support&algorithm=SHA1&digits=6&period=30',
          ),
        });
      },
    },
    test: async (api) => {
      expect(await api.startStaffAuthenticatorAppSetup()).toMatchObject({
        ok: true,
        data: { key: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' },
      });
    },
  });

  interactionTest(pact, 'starts setting the app up with a revoked session: 401 (signed out)', {
    given: [staffStates.staffSessionRevoked],
    uponReceiving:
      'a POST to start setting up the authenticator app with the cookie of a revoked staff session',
    request: { method: 'POST', path: setup, signedIn: true },
    response: noSession(401),
    test: async (api) => {
      expectFailure(await api.startStaffAuthenticatorAppSetup(), { failure: 'signedOut', status: 401 });
    },
  });

  interactionTest(pact, 'starts setting the app up long after signing in: 403 confirmation_required', {
    given: [staffStates.signedInLongAgo],
    uponReceiving: 'a POST to start setting up the authenticator app when the staff sign-in is not recent',
    request: { method: 'POST', path: setup, signedIn: true },
    response: confirmationRequired,
    test: async (api) => {
      expectFailure(await api.startStaffAuthenticatorAppSetup(), {
        failure: 'confirmationRequired',
        status: 403,
      });
    },
  });

  interactionTest(pact, 'starts setting the app up when it is on: 409 already_on', {
    given: [staffStates.deskSignedIn],
    uponReceiving: 'a POST to start setting up the authenticator app by a staff member whose app is on',
    request: { method: 'POST', path: setup, signedIn: true },
    response: codedProblem(409, 'conflict', 'The authenticator app is already on.', 'already_on'),
    test: async (api) => {
      expectFailure(await api.startStaffAuthenticatorAppSetup(), { failure: 'alreadyOn', status: 409 });
    },
  });

  interactionTest(pact, 'turns the app on with a right code: 200 with ten recovery codes', {
    given: [staffStates.settingUpApp],
    uponReceiving: 'a PUT of the staff authenticator app with a code valid now',
    request: {
      method: 'PUT',
      path: app,
      body: { code: fromProviderState('${code}', EXAMPLE_CODE) },
      signedIn: true,
    },
    response: {
      status: 200,
      build: (builder) => {
        builder.headers(jsonResponse).jsonBody({
          recoveryCodes: atLeastLike(regex('^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$', '7fkq-2m9x-hd4p'), 10),
        });
      },
    },
    test: async (api) => {
      const outcome = await api.enableStaffAuthenticatorApp(EXAMPLE_CODE);
      expect(outcome.ok && outcome.data.recoveryCodes).toHaveLength(10);
    },
  });

  interactionTest(pact, 'turns the app on with a wrong code: 403 wrong_code on the code', {
    given: [staffStates.settingUpApp],
    uponReceiving: 'a PUT of the staff authenticator app with a wrong code',
    request: { method: 'PUT', path: app, body: { code: '000000' }, signedIn: true },
    response: wrongCode,
    test: async (api) => {
      expectFailure(await api.enableStaffAuthenticatorApp('000000'), { failure: 'wrongCode', status: 403 });
    },
  });

  interactionTest(pact, 'turns the app on with no set-up under way: 409 no_setup', {
    given: [staffStates.noSecondFactor],
    uponReceiving: 'a PUT of the staff authenticator app with no set-up started',
    request: { method: 'PUT', path: app, body: { code: EXAMPLE_CODE }, signedIn: true },
    response: codedProblem(409, 'conflict', 'Start the set-up again.', 'no_setup'),
    test: async (api) => {
      expectFailure(await api.enableStaffAuthenticatorApp(EXAMPLE_CODE), { failure: 'noSetup', status: 409 });
    },
  });

  interactionTest(pact, 'turns the app on when it is on: 409 already_on', {
    given: [staffStates.deskSignedIn],
    uponReceiving: 'a PUT of the staff authenticator app by a staff member whose app is on',
    request: { method: 'PUT', path: app, body: { code: EXAMPLE_CODE }, signedIn: true },
    response: codedProblem(409, 'conflict', 'The authenticator app is already on.', 'already_on'),
    test: async (api) => {
      expectFailure(await api.enableStaffAuthenticatorApp(EXAMPLE_CODE), {
        failure: 'alreadyOn',
        status: 409,
      });
    },
  });

  interactionTest(pact, 'turns the app on with a revoked session: 401 (signed out)', {
    given: [staffStates.staffSessionRevoked],
    uponReceiving: 'a PUT of the staff authenticator app with the cookie of a revoked staff session',
    request: { method: 'PUT', path: app, body: { code: EXAMPLE_CODE }, signedIn: true },
    response: noSession(401),
    test: async (api) => {
      expectFailure(await api.enableStaffAuthenticatorApp(EXAMPLE_CODE), {
        failure: 'signedOut',
        status: 401,
      });
    },
  });

  interactionTest(pact, 'turns the app on long after signing in: 403 confirmation_required', {
    given: [staffStates.signedInLongAgo],
    uponReceiving: 'a PUT of the staff authenticator app when the staff sign-in is not recent',
    request: { method: 'PUT', path: app, body: { code: EXAMPLE_CODE }, signedIn: true },
    response: confirmationRequired,
    test: async (api) => {
      expectFailure(await api.enableStaffAuthenticatorApp(EXAMPLE_CODE), {
        failure: 'confirmationRequired',
        status: 403,
      });
    },
  });
});

describe('a passkey as a staff member’s first second factor', () => {
  interactionTest(pact, 'starts adding a passkey: 200 with the creation options', {
    given: [staffStates.noSecondFactor],
    uponReceiving: 'a POST for the options of a new passkey by a staff member without a second factor',
    request: { method: 'POST', path: passkeyOptions, signedIn: true },
    response: {
      status: 200,
      build: (builder) => {
        builder.headers(jsonResponse).jsonBody({
          challenge: base64url('mVbMx0RVcUq2_fVNqBhTzA'),
          rp: { name: like('Pre-admission Support'), id: like('localhost') },
          user: { id: base64url('3q2-7w'), name: like(NEW_STAFF), displayName: like(NEW_STAFF) },
          pubKeyCredParams: eachLike({ type: 'public-key', alg: int(-7) }),
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        });
      },
    },
    test: async (api) => {
      expect(await api.startAddingStaffPasskey()).toMatchObject({
        ok: true,
        data: {
          challenge: 'mVbMx0RVcUq2_fVNqBhTzA',
          authenticatorSelection: { userVerification: 'required' },
        },
      });
    },
  });

  interactionTest(pact, 'starts adding a passkey long after signing in: 403 confirmation_required', {
    given: [staffStates.signedInLongAgo],
    uponReceiving: 'a POST for the options of a new passkey when the staff sign-in is not recent',
    request: { method: 'POST', path: passkeyOptions, signedIn: true },
    response: confirmationRequired,
    test: async (api) => {
      expectFailure(await api.startAddingStaffPasskey(), { failure: 'confirmationRequired', status: 403 });
    },
  });

  interactionTest(pact, 'starts adding a passkey with a revoked session: 401 (signed out)', {
    given: [staffStates.staffSessionRevoked],
    uponReceiving: 'a POST for the options of a new passkey with the cookie of a revoked staff session',
    request: { method: 'POST', path: passkeyOptions, signedIn: true },
    response: noSession(401),
    test: async (api) => {
      expectFailure(await api.startAddingStaffPasskey(), { failure: 'signedOut', status: 401 });
    },
  });

  const fromState = (name: 'id' | 'rawId' | 'clientDataJSON' | 'attestationObject', example: string) =>
    fromProviderState(`\${${name}}`, example);
  const example = {
    id: 'c3RhZmYtcGFzc2tleQExample',
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
    attestationObject: 'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YQExample',
  };
  const credential = {
    id: example.id,
    rawId: example.id,
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: { clientDataJSON: example.clientDataJSON, attestationObject: example.attestationObject },
  };
  const NAME = 'Office laptop';

  interactionTest(pact, 'adds a passkey: 201 with the new passkey under its name', {
    given: [staffStates.addingPasskey],
    uponReceiving: 'a POST of a new staff passkey with a valid attestation for the session’s challenge',
    request: {
      method: 'POST',
      path: passkeys,
      body: {
        name: NAME,
        credential: {
          id: fromState('id', example.id),
          rawId: fromState('rawId', example.id),
          type: 'public-key',
          clientExtensionResults: {},
          response: {
            clientDataJSON: fromState('clientDataJSON', example.clientDataJSON),
            attestationObject: fromState('attestationObject', example.attestationObject),
          },
        },
      },
      signedIn: true,
    },
    response: {
      status: 201,
      build: (builder) => {
        builder.headers(jsonResponse).jsonBody({
          id: regex('^[0-9]{1,18}$', '12'),
          name: like(NAME),
          createdAt: dateTime('2026-11-28T08:30:00.000Z'),
          lastUsedAt: null,
          synced: like(true),
        });
      },
    },
    test: async (api) => {
      const outcome = await api.addStaffPasskey({ name: NAME, credential });
      expect(outcome).toMatchObject({ ok: true, data: { name: NAME, lastUsedAt: null } });
    },
  });

  interactionTest(pact, 'adds a passkey with a name of spaces only: 400 is the name’s message', {
    given: [staffStates.noSecondFactor],
    uponReceiving: 'a POST of a new staff passkey whose name is spaces only',
    request: { method: 'POST', path: passkeys, body: { name: '   ', credential }, signedIn: true },
    response: problem(400, 'validation', 'Some fields are invalid.'),
    test: async (api) => {
      expectFailure(await api.addStaffPasskey({ name: '   ', credential }), {
        failure: 'invalidName',
        status: 400,
      });
    },
  });

  interactionTest(pact, 'adds a passkey with a revoked session: 401 (signed out)', {
    given: [staffStates.staffSessionRevoked],
    uponReceiving: 'a POST of a new staff passkey with the cookie of a revoked staff session',
    request: { method: 'POST', path: passkeys, body: { name: NAME, credential }, signedIn: true },
    response: noSession(401),
    test: async (api) => {
      expectFailure(await api.addStaffPasskey({ name: NAME, credential }), {
        failure: 'signedOut',
        status: 401,
      });
    },
  });

  interactionTest(pact, 'adds a passkey long after signing in: 403 confirmation_required', {
    given: [staffStates.signedInLongAgo],
    uponReceiving: 'a POST of a new staff passkey when the staff sign-in is not recent',
    request: { method: 'POST', path: passkeys, body: { name: NAME, credential }, signedIn: true },
    response: confirmationRequired,
    test: async (api) => {
      expectFailure(await api.addStaffPasskey({ name: NAME, credential }), {
        failure: 'confirmationRequired',
        status: 403,
      });
    },
  });
});
