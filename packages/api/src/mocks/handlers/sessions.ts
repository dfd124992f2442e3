import { HttpResponse } from 'msw';
import { schemaExamples } from '../../generated/examples';
import { http, never, problem, rateLimited } from '../http';

const current = '/api/applicant/sessions/current';
const sessions = '/api/applicant/sessions';
const secondStep = '/api/applicant/sessions/second-step';
const passkeyOptions = '/api/applicant/passkey-sign-in/options';
const passkeySignIn = '/api/applicant/passkey-sign-in';

/** The code and recovery code the second-step handlers accept; any other is wrong (docs/security.md#second-factor). */
export const mockSecondStep = { code: '492039', recoveryCode: '7fkq-2m9x-hd4p' } as const;

/** The recovery code as the server compares it: lower-case, without hyphens or spaces. */
const normalised = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export const sessionHandlers = {
  signedIn: http.get(current, ({ response }) => response(200).json(schemaExamples.CurrentSession)),
  /** REQUIRE_SECOND_FACTOR is on and the account has neither a passkey nor the app. */
  signedInSecondFactorRequired: http.get(current, ({ response }) =>
    response(200).json({ ...schemaExamples.CurrentSession, secondFactorRequired: true }),
  ),
  extendSucceeds: http.post(current, ({ response }) => response(200).json(schemaExamples.CurrentSession)),
  extendTerminated: http.post(current, () => problem('extendSession', '403')),
  signedOut: http.get(current, () => problem('getCurrentSession', '401')),
  terminated: http.get(current, () => problem('getCurrentSession', '403')),
  signInSucceeds: http.post(sessions, async ({ request, response }) => {
    const { email } = await request.json();
    return response(200).json({ signedIn: true, email });
  }),
  /** The password is right; the account has the authenticator app on (and recovery codes). */
  signInSecondStep: http.post(sessions, ({ response }) =>
    response(200).json({ signedIn: false, secondStep: ['authenticatorApp', 'recoveryCode'] }),
  ),
  /** As `signInSecondStep`, for an account that has a passkey too. */
  signInSecondStepWithPasskey: http.post(sessions, ({ response }) =>
    response(200).json({ signedIn: false, secondStep: ['authenticatorApp', 'recoveryCode', 'passkey'] }),
  ),
  signInAccountNotFound: http.post(sessions, () => problem('signIn', '404')),
  signInWrongPassword: http.post(sessions, () => problem('signIn', '403')),
  signInRateLimited: http.post(sessions, () => rateLimited('signIn', 120)),
  signInPending: http.post(sessions, never),
  signOutSucceeds: http.delete(sessions, ({ response }) => response(204).empty()),
  /** Accepts {@link mockSecondStep}'s code and recovery code, and any passkey; refuses other codes. */
  finishSignInChecksCode: http.post(secondStep, async ({ request }) => {
    const body = await request.json();
    const right =
      ('code' in body && body.code === mockSecondStep.code) ||
      ('recoveryCode' in body && normalised(body.recoveryCode) === normalised(mockSecondStep.recoveryCode)) ||
      'passkey' in body;
    return right
      ? HttpResponse.json({ signedIn: true, email: 'applicant@example.com' })
      : problem('finishSignIn', '403');
  }),
  /** The second step is over: used, expired, or the credentials changed (401 no_second_step). */
  finishSignInExpired: http.post(secondStep, () => problem('finishSignIn', '401')),
  finishSignInPasskeyRefused: http.post(secondStep, () =>
    problem(
      'finishSignIn',
      '403',
      {},
      { type: 'urn:pre-admission:problem:passkey-refused', code: 'passkey_refused' },
    ),
  ),
  /** Issue 39, item 2: ten wrong codes in a row; codes are refused until a password reset. */
  finishSignInCodesLocked: http.post(secondStep, () =>
    problem(
      'finishSignIn',
      '403',
      {},
      {
        type: 'urn:pre-admission:problem:second-factor-locked',
        title: 'Too many wrong codes. Reset your password.',
        code: 'second_factor_locked',
      },
    ),
  ),
  finishSignInRateLimited: http.post(secondStep, () => rateLimited('finishSignIn', 300)),
  finishSignInServerError: http.post(secondStep, () => problem('finishSignIn', '500')),
  finishSignInPending: http.post(secondStep, never),
  passkeyOptions: http.post(passkeyOptions, ({ response }) =>
    response(200).json(schemaExamples.PasskeyRequestOptions),
  ),
  passkeyOptionsFails: http.post(passkeyOptions, () => problem('startPasskeySignIn', '500')),
  passkeyOptionsRateLimited: http.post(passkeyOptions, () => rateLimited('startPasskeySignIn', 60)),
  passkeySignInSucceeds: http.post(passkeySignIn, ({ response }) =>
    response(200).json({ signedIn: true, email: 'applicant@example.com' }),
  ),
  passkeySignInRefused: http.post(passkeySignIn, () => problem('passkeySignIn', '403')),
};
