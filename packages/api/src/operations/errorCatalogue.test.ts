import { describe, expect, it } from 'vitest';
import { ApiError, MalformedResponseError } from '../client/errors';
import { createApi, type Api } from '../createApi';
import { fakeFetch, json, problemResponse } from '../test/fakeServer';
import { fakeXhr } from '../test/fakeXhr';
import { failureRows, type FailureOperation } from './failureTables';
import { attempt } from './outcome';

const withStatus = (status: number) =>
  createApi({ baseUrl: 'http://localhost', fetch: fakeFetch(() => problemResponse(status)).fetch });

const email = { email: 'applicant@example.com' };
const applicationId = 'q3ZbV1n8R0K7yXw2LmA9tQ';
const documentId = 'Zp4c0YlM8aQe2HnTq1Wv7A';
const finish = { password: 'Passw0rd1' };
const credential = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', attestationObject: 'o2M' },
};

/** One call of each operation that has a failure table (./failureTables.ts). */
const calls: Record<FailureOperation, (api: Api) => Promise<unknown>> = {
  signIn: (api) => api.signIn({ ...email, password: 'x' }),
  finishSignIn: (api) => api.finishSignIn({ code: '492039' }),
  startPasskeySignIn: (api) => api.startPasskeySignIn(),
  passkeySignIn: (api) =>
    api.passkeySignIn({
      id: 'Y3JlZC0x',
      rawId: 'Y3JlZC0x',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    }),
  getCurrentSession: (api) => api.getCurrentSession(),
  extendSession: (api) => api.extendSession(),
  requestRegistration: (api) => api.requestRegistration(email),
  getRegistration: (api) => api.getRegistration('t'),
  finishRegistration: (api) => api.finishRegistration('t', finish),
  renewRegistration: (api) => api.renewRegistration('t'),
  requestPasswordReset: (api) => api.requestPasswordReset(email),
  getPasswordReset: (api) => api.getPasswordReset('t'),
  finishPasswordReset: (api) => api.finishPasswordReset('t', finish),
  renewPasswordReset: (api) => api.renewPasswordReset('t'),
  changePassword: (api) => api.changePassword({ currentPassword: 'a', newPassword: 'Passw0rd1' }),
  requestEmailChange: (api) => api.requestEmailChange(email),
  activateEmailChange: (api) => api.activateEmailChange('t'),
  getPlan: (api) => api.getPlan(),
  savePlan: (api) => api.savePlan({ readyCertificateIds: [], readyMaterialIds: [] }),
  listPasskeys: (api) => api.listPasskeys(),
  startAddingPasskey: (api) => api.startAddingPasskey(),
  addPasskey: (api) => api.addPasskey({ name: 'Phone', credential }),
  renamePasskey: (api) => api.renamePasskey('12', 'Phone'),
  removePasskey: (api) => api.removePasskey('12'),
  confirmSignIn: (api) => api.confirmSignIn({ password: 'x' }),
  getAuthenticatorApp: (api) => api.getAuthenticatorApp(),
  startAuthenticatorAppSetup: (api) => api.startAuthenticatorAppSetup(),
  enableAuthenticatorApp: (api) => api.enableAuthenticatorApp('123456'),
  disableAuthenticatorApp: (api) => api.disableAuthenticatorApp(),
  renewRecoveryCodes: (api) => api.renewRecoveryCodes(),
  deleteAccount: (api) => api.deleteAccount(),
  listApplications: (api) => api.listApplications(),
  startApplication: (api) => api.startApplication({ studentType: 'master' }),
  getApplication: (api) => api.getApplication(applicationId),
  saveApplicationAnswers: (api) => api.saveApplicationAnswers(applicationId, { personal: {} }),
  discardApplication: (api) => api.discardApplication(applicationId),
  submitApplication: (api) => api.submitApplication(applicationId),
  withdrawApplication: (api) => api.withdrawApplication(applicationId, { reason: 'Another offer.' }),
  getApplicationConsent: (api) => api.getApplicationConsent(applicationId),
  requestConsent: (api) => api.requestConsent(applicationId, { message: 'May I study with you?' }),
  withdrawConsentRequest: (api) => api.withdrawConsentRequest(applicationId, documentId),
  uploadApplicationDocument: (api) =>
    api.uploadApplicationDocument(applicationId, {
      slotKind: 'certificate',
      slotTypeId: 1,
      file: new File(['%PDF-1.7'], 'certificate.pdf', { type: 'application/pdf' }),
    }),
  removeApplicationDocument: (api) => api.removeApplicationDocument(applicationId, documentId),
};

/** What a row's problem carries besides its code (openapi.yaml ApplicationProblem: the open draft). */
const carried: Record<string, object> = { draft_exists: { applicationId } };

/** A problem that carries the row's code, when the row is keyed by one. */
const problemBody = (status: number, code?: string) =>
  code === undefined
    ? problemResponse(status)
    : new Response(
        JSON.stringify({ title: 'Refused', status, errors: [{ field: 'x', code }], ...carried[code] }),
        { status, headers: { 'Content-Type': 'application/problem+json' } },
      );
const answering = (status: number, code?: string) =>
  createApi({
    baseUrl: 'http://localhost',
    fetch: fakeFetch(() => problemBody(status, code)).fetch,
    xhr: () => fakeXhr(() => problemBody(status, code)),
  });

describe('the failure tables of docs/behaviour.md#error-catalogue', () => {
  it.each(failureRows())(
    '$operationId $status $code maps to $rule.failure',
    async ({ operationId, status, code, rule }) => {
      const outcome = await calls[operationId](answering(status, code));
      expect(outcome).toMatchObject({
        ok: false,
        failure: rule.failure,
        shows: rule.shows,
        ...('code' in rule ? { code: rule.code } : {}),
        error: expect.any(ApiError),
      });
    },
  );

  it('maps a row keyed by status and problem code before the status alone', async () => {
    const table = {
      400: { failure: 'invalid', shows: { kind: 'rateLimited' } },
      '400 password_common': { failure: 'common', shows: { kind: 'rateLimited' } },
    } as const;
    const failing = (problem: object) => () =>
      Promise.reject(new ApiError(400, { type: 'urn:test', title: 'Invalid', status: 400, ...problem }));
    await expect(
      attempt(table, failing({ errors: [{ field: 'password', code: 'password_common' }] })),
    ).resolves.toMatchObject({
      failure: 'common',
    });
    await expect(
      attempt(table, failing({ errors: [{ field: 'password', code: 'password_rule' }] })),
    ).resolves.toMatchObject({
      failure: 'invalid',
    });
  });

  it.each([
    ['registration request', 500, (api: Api) => api.requestRegistration(email)],
    ['registration request', 400, (api: Api) => api.requestRegistration(email)],
    ['sign in', 409, (api: Api) => api.signIn({ ...email, password: 'x' })],
    ['sign in', 500, (api: Api) => api.signIn({ ...email, password: 'x' })],
    ['session check', 500, (api: Api) => api.getCurrentSession()],
    ['sign out', 500, (api: Api) => api.signOut()],
  ])('rethrows %s %i to the app', async (_name, status, call) => {
    await expect(call(withStatus(status))).rejects.toMatchObject({ status });
  });

  // openapi.yaml's ForeignOrigin response: every state-changing call answers a request from another site
  // with 403 and problem type foreign-origin. Sign-in's and the session extension's own 403 mean a wrong
  // password and a revoked session; mapped by status alone, a refused cross-site call showed 'the password
  // is incorrect' or signed the applicant out.
  it.each([
    ['sign in', (api: Api) => api.signIn({ ...email, password: 'x' })],
    ['session extension', (api: Api) => api.extendSession()],
    ['registration request', (api: Api) => api.requestRegistration(email)],
  ])('rethrows a cross-site refusal of %s (403 foreign-origin) to the app', async (_name, call) => {
    const foreign = createApi({
      baseUrl: 'http://localhost',
      fetch: fakeFetch(
        () =>
          new Response(
            JSON.stringify({
              type: 'urn:pre-admission:problem:foreign-origin',
              title: 'Cross-origin requests are refused.',
              status: 403,
            }),
            { status: 403, headers: { 'Content-Type': 'application/problem+json' } },
          ),
      ).fetch,
    });
    await expect(call(foreign)).rejects.toMatchObject({
      status: 403,
      problem: { type: 'urn:pre-admission:problem:foreign-origin' },
    });
  });

  // docs/security.md#second-factor: a right password of an account with a second factor is not a session yet.
  const answeringJson = (body: unknown) =>
    createApi({ baseUrl: 'http://localhost', fetch: fakeFetch(() => json(body)).fetch });

  it('hands the screen the second step of a password sign-in with its methods', async () => {
    const api = answeringJson({ signedIn: false, secondStep: ['authenticatorApp', 'recoveryCode'] });
    expect(await api.signIn({ ...email, password: 'x' })).toEqual({
      ok: true,
      data: { signedIn: false, secondStep: ['authenticatorApp', 'recoveryCode'] },
    });
  });

  it.each([
    ['no methods', { signedIn: false }],
    ['an empty list of methods', { signedIn: false, secondStep: [] }],
  ])(
    'refuses a sign-in answer of signedIn false with %s (the screen could not go on)',
    async (_name, body) => {
      await expect(answeringJson(body).signIn({ ...email, password: 'x' })).rejects.toBeInstanceOf(
        MalformedResponseError,
      );
    },
  );

  it('refuses passkey options that name credentials (discoverable passkeys only, as the contract says)', async () => {
    const api = answeringJson({
      challenge: 'mVbMx0RVcUq2_fVNqBhTzA',
      rpId: 'www.example.ac.jp',
      userVerification: 'required',
      allowCredentials: [{ id: 'Y3JlZC0x', type: 'public-key' }],
    });
    await expect(api.startPasskeySignIn()).rejects.toBeInstanceOf(MalformedResponseError);
  });

  // A 403 of the second step or of a signed-in call is the screen's only with the code the table names;
  // without it (another site's request, a bug) it goes on to the app.
  const forbidden = (code?: string) =>
    createApi({
      baseUrl: 'http://localhost',
      fetch: fakeFetch(
        () =>
          new Response(JSON.stringify({ type: 'urn:test', title: 'Refused', status: 403, code }), {
            status: 403,
            headers: { 'Content-Type': 'application/problem+json' },
          }),
      ).fetch,
    });
  it.each([
    ['second step', (api: Api) => api.finishSignIn({ code: '492039' }), 'wrong_code', 'wrongCode'],
    ['plan read', (api: Api) => api.getPlan(), 'second_factor_required', 'secondFactorRequired'],
    [
      'password change',
      (api: Api) => api.changePassword({ currentPassword: 'Kq7wZt3v', newPassword: 'Zq8wKt4v' }),
      'second_factor_required',
      'secondFactorRequired',
    ],
  ])('maps %s 403 by its code, and rethrows a 403 without it', async (_name, call, code, failure) => {
    expect(await call(forbidden(code))).toMatchObject({ ok: false, failure });
    await expect(call(forbidden())).rejects.toMatchObject({ status: 403 });
  });

  it('tells a used registration link apart from other finish failures', async () => {
    expect(await withStatus(404).finishRegistration('t', { password: 'Passw0rd1' })).toMatchObject({
      ok: false,
      failure: 'invalidToken',
    });
    await expect(withStatus(500).finishRegistration('t', { password: 'Passw0rd1' })).rejects.toBeInstanceOf(
      ApiError,
    );
  });

  // docs/security.md#common-passwords: a 400 is the screen's only for the codes the table names; another 400
  // (a rule the screen checks itself, so a bug) goes on to the app.
  const refusing = (field: string, code: string) =>
    createApi({
      baseUrl: 'http://localhost',
      fetch: fakeFetch(
        () =>
          new Response(
            JSON.stringify({
              type: 'urn:pre-admission:problem:validation',
              title: 'Some fields are invalid.',
              status: 400,
              errors: [{ field, code }],
            }),
            { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
          ),
      ).fetch,
    });
  const change = { currentPassword: 'Kq7wZt3v', newPassword: 'Zq8wKt4v' };

  it.each([
    [
      'registration finish',
      'password',
      'common_password',
      (api: Api) => api.finishRegistration('t', { password: 'x' }),
      'commonPassword',
    ],
    [
      'password reset finish',
      'password',
      'common_password',
      (api: Api) => api.finishPasswordReset('t', { password: 'x' }),
      'commonPassword',
    ],
    [
      'password change',
      'newPassword',
      'common_password',
      (api: Api) => api.changePassword(change),
      'commonPassword',
    ],
    [
      'password change',
      'newPassword',
      'same_as_current',
      (api: Api) => api.changePassword(change),
      'sameAsCurrentPassword',
    ],
    [
      'email change request',
      'email',
      'same_as_current',
      (api: Api) => api.requestEmailChange({ email: 'mine@example.com' }),
      'sameAsCurrentEmail',
    ],
  ])('maps %s 400 with %s %s to what the screen shows', async (_name, field, code, call, failure) => {
    expect(await call(refusing(field, code))).toMatchObject({
      ok: false,
      failure,
      error: expect.any(ApiError),
    });
  });

  it.each([
    ['registration finish', (api: Api) => api.finishRegistration('t', { password: 'x' })],
    ['password reset finish', (api: Api) => api.finishPasswordReset('t', { password: 'x' })],
    ['password change', (api: Api) => api.changePassword(change)],
    ['email change request', (api: Api) => api.requestEmailChange({ email: 'mine@example.com' })],
  ])('rethrows %s 400 with a code the screen does not show (password_rule)', async (_name, call) => {
    await expect(call(refusing('newPassword', 'password_rule'))).rejects.toMatchObject({ status: 400 });
    await expect(call(withStatus(400))).rejects.toMatchObject({ status: 400 });
  });

  it('tells a dead email-change link apart from other activation failures', async () => {
    expect(await withStatus(404).activateEmailChange('t')).toMatchObject({
      ok: false,
      failure: 'invalidToken',
    });
  });
});
