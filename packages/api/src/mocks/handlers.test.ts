import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { NetworkError } from '../client/errors';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../createApi';
import { schemaExamples } from '../generated/examples';
import { referenceLists, type ReferenceListName } from '../operations/referenceData';
import {
  accountDeletion,
  emailChangeAfterConfirmation,
  emailChangeHandlers,
  examplePlan,
  handlers,
  http,
  problem,
  maintenanceHandlers,
  mockSecondStep,
  passwordChangeAfterConfirmation,
  passwordHandlers,
  passwordResetHandlers,
  planHandlers,
  planStore,
  registrationHandlers,
  securityHandlers,
  securityStore,
  sessionHandlers,
  examplePasskeys,
  exampleRecoveryCodes,
  MOCK_PASSWORD,
  MOCK_TOTP_CODE,
} from './index';

// The mock handlers feed every story; here they are driven through the real adapter, so a handler that
// drifts from the contract or from the error catalogue fails.
const server = setupServer(...handlers);
const api = createApi({ baseUrl: 'http://localhost/pre-admission' });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the default handlers', () => {
  it.each(Object.keys(referenceLists) as ReferenceListName[])(
    'serve the %s list in its contract shape',
    async (name) => {
      const list = await api.fetchReferenceList(name);
      expect(list.length).toBeGreaterThan(0);
    },
  );

  it('serve every list at once, made of the single lists, so a story’s own list or failure reaches it', async () => {
    const names = Object.keys(referenceLists) as ReferenceListName[];
    const lists = await api.fetchReferenceLists(names);
    for (const name of names) expect(lists[name], name).toEqual(await api.fetchReferenceList(name));
    server.use(http.get('/api/teachers', ({ response }) => response(200).json([])));
    expect(await api.fetchReferenceLists(['programs', 'teachers'])).toMatchObject({ teachers: [] });
    server.use(http.get('/api/programs', () => problem('listPrograms', '500')));
    await expect(api.fetchReferenceLists(['programs', 'teachers'])).rejects.toMatchObject({ status: 500 });
    server.use(http.get('/api/programs', () => HttpResponse.error()));
    await expect(api.fetchReferenceLists(['programs'])).rejects.toBeInstanceOf(NetworkError);
  });

  it('ask for the single lists of a set all at once, not one after another', async () => {
    // In a story each of those requests is a round trip through the service worker: one after another, eleven
    // lists took longer than a story waits for the planner under CI's load (CI13: five planner stories timed out).
    // Here no list answers before every list has been asked for: asked one after another, none ever is.
    const names = ['programs', 'teachers', 'courses', 'countries'] as const;
    let asked = 0;
    let allAsked!: () => void;
    const everyListAsked = new Promise<void>((resolve) => (allAsked = resolve));
    server.use(
      ...names.map((name) =>
        http.get(referenceLists[name].path as '/api/programs', async ({ response }) => {
          asked += 1;
          if (asked === names.length) allAsked();
          await Promise.race([everyListAsked, new Promise((resolve) => setTimeout(resolve, 2000))]);
          if (asked < names.length) return problem('listPrograms', '500');
          return response(200).json([]);
        }),
      ),
    );
    expect(await api.fetchReferenceLists([...names])).toEqual({
      programs: [],
      teachers: [],
      courses: [],
      countries: [],
    });
  });

  it('refuse a set of lists the server refuses', async () => {
    const base = 'http://localhost/pre-admission/api/reference-lists';
    for (const query of [
      '',
      '?names=planets',
      '?names=teachers&names=countries',
      '?names=teachers&names=teachers',
      '?names=teachers&v=1',
    ]) {
      const answer = await fetch(`${base}${query}`);
      expect(answer.status, query).toBe(400);
    }
  });

  it('announce no maintenance stop; the example stop is the contract example, as dates', async () => {
    expect(await api.listMaintenanceWindows()).toEqual([]);
    server.use(maintenanceHandlers.example);
    const [window] = await api.listMaintenanceWindows();
    expect(window?.start).toEqual(new Date(String(schemaExamples.MaintenanceWindow.start)));
    expect(window?.end.toISOString()).toBe('2024-09-02T01:00:00.000Z');
    server.use(maintenanceHandlers.fails);
    await expect(api.listMaintenanceWindows()).rejects.toMatchObject({ status: 500 });
  });

  it('serve a reset request that sends nothing because the account’s last reset mail is that recent', async () => {
    server.use(passwordResetHandlers.requestAlreadySent);
    const { nextSendAllowedAt, sentAt } = schemaExamples.PasswordResetAccepted;
    expect(await api.requestPasswordReset({ email: 'a@example.com' })).toEqual({
      ok: true,
      data: { nextSendAllowedAt: new Date(nextSendAllowedAt), sentAt: new Date(sentAt) },
    });
  });

  it('serve a signed-out visitor who can sign in and out', async () => {
    expect(await api.getCurrentSession()).toMatchObject({ ok: false, failure: 'signedOut' });
    expect(await api.signIn({ email: 'new@example.com', password: 'x' })).toEqual({
      ok: true,
      data: { signedIn: true, email: 'new@example.com' },
    });
    await expect(api.signOut()).resolves.toBeUndefined();
  });

  it('serve every success of the account flows', async () => {
    expect(await api.requestRegistration({ email: 'a@example.com' })).toEqual({
      ok: true,
      data: { nextSendAllowedAt: new Date(schemaExamples.MailAccepted.nextSendAllowedAt) },
    });
    const token = await api.getRegistration('abc');
    expect(token.ok && token.data.token).toBe('abc');
    expect((await api.finishRegistration('abc', { password: 'Passw0rd1' })).ok).toBe(true);
    expect((await api.requestPasswordReset({ email: 'a@example.com' })).ok).toBe(true);
    expect((await api.getPasswordReset('abc')).ok).toBe(true);
    expect((await api.finishPasswordReset('abc', { password: 'Passw0rd1' })).ok).toBe(true);
    expect((await api.requestEmailChange({ email: 'b@example.com' })).ok).toBe(true);
    expect((await api.activateEmailChange('abc')).ok).toBe(true);
    expect((await api.changePassword({ currentPassword: 'a', newPassword: 'Passw0rd1' })).ok).toBe(true);
    expect(await api.getPlan()).toEqual({
      ok: true,
      data: { readyCertificateIds: [], readyMaterialIds: [] },
    });
    expect(await api.savePlan(examplePlan)).toEqual({ ok: true, data: examplePlan });
  });

  it('issue 39: an e-mail or password change waits for a confirmation, with the code where the app is on', async () => {
    server.use(...emailChangeAfterConfirmation({ twoStep: true }));
    const body = { email: 'b@example.com' };
    expect(await api.requestEmailChange(body)).toMatchObject({ failure: 'confirmationRequired' });
    expect(await api.confirmSignIn({ password: MOCK_PASSWORD })).toMatchObject({ failure: 'codeRequired' });
    expect(await api.confirmSignIn({ password: MOCK_PASSWORD, code: '000000' })).toMatchObject({
      failure: 'wrongCode',
    });
    expect((await api.confirmSignIn({ password: MOCK_PASSWORD, code: MOCK_TOTP_CODE })).ok).toBe(true);
    expect((await api.requestEmailChange(body)).ok).toBe(true);
    server.resetHandlers();
    server.use(...passwordChangeAfterConfirmation());
    const change = { currentPassword: MOCK_PASSWORD, newPassword: 'Passw0rd1' };
    expect(await api.changePassword(change)).toMatchObject({ failure: 'confirmationRequired' });
    expect((await api.confirmSignIn({ password: MOCK_PASSWORD })).ok).toBe(true);
    expect((await api.changePassword(change)).ok).toBe(true);
    server.use(sessionHandlers.finishSignInCodesLocked);
    expect(await api.finishSignIn({ code: MOCK_TOTP_CODE })).toMatchObject({ failure: 'codesLocked' });
  });

  it('serve the second step and a passkey sign-in', async () => {
    expect(await api.finishSignIn({ code: mockSecondStep.code })).toMatchObject({ ok: true });
    expect(await api.finishSignIn({ code: '000000' })).toMatchObject({ ok: false, failure: 'wrongCode' });
    // As the server compares it: case, hyphens and spaces do not count.
    expect(await api.finishSignIn({ recoveryCode: ' 7FKQ 2M9X-HD4P' })).toMatchObject({ ok: true });
    expect(await api.finishSignIn({ recoveryCode: 'aaaa-bbbb-cccc' })).toMatchObject({
      ok: false,
      failure: 'wrongCode',
    });
    const options = await api.startPasskeySignIn();
    expect(options).toEqual({ ok: true, data: schemaExamples.PasskeyRequestOptions });
    const assertion = schemaExamples.PasskeyAssertion;
    expect(await api.passkeySignIn(assertion)).toEqual({
      ok: true,
      data: { signedIn: true, email: 'applicant@example.com' },
    });
  });

  it('a plan store answers the last saved plan', async () => {
    server.use(...planStore());
    await api.savePlan(examplePlan);
    expect(await api.getPlan()).toEqual({ ok: true, data: examplePlan });
  });
});

describe('the error handlers', () => {
  it.each([
    [
      sessionHandlers.signInAccountNotFound,
      () => api.signIn({ email: 'a@example.com', password: 'x' }),
      'accountNotFound',
    ],
    [
      sessionHandlers.signInWrongPassword,
      () => api.signIn({ email: 'a@example.com', password: 'x' }),
      'wrongPassword',
    ],
    [
      sessionHandlers.signInRateLimited,
      () => api.signIn({ email: 'a@example.com', password: 'x' }),
      'rateLimited',
    ],
    [sessionHandlers.terminated, () => api.getCurrentSession(), 'terminated'],
    [sessionHandlers.finishSignInExpired, () => api.finishSignIn({ code: '492039' }), 'noSecondStep'],
    [
      sessionHandlers.finishSignInPasskeyRefused,
      () => api.finishSignIn({ passkey: schemaExamples.PasskeyAssertion }),
      'passkeyRefused',
    ],
    [sessionHandlers.finishSignInRateLimited, () => api.finishSignIn({ code: '492039' }), 'rateLimited'],
    [sessionHandlers.passkeyOptionsRateLimited, () => api.startPasskeySignIn(), 'rateLimited'],
    [
      sessionHandlers.passkeySignInRefused,
      () => api.passkeySignIn(schemaExamples.PasskeyAssertion),
      'passkeyRefused',
    ],
    [
      registrationHandlers.requestEmailAlreadyRegistered,
      () => api.requestRegistration({ email: 'a@example.com' }),
      'emailAlreadyRegistered',
    ],
    [registrationHandlers.tokenInvalid, () => api.getRegistration('x'), 'invalidToken'],
    [
      registrationHandlers.finishTokenUsed,
      () => api.finishRegistration('x', { password: 'Passw0rd1' }),
      'invalidToken',
    ],
    [
      passwordResetHandlers.requestEmailNotFound,
      () => api.requestPasswordReset({ email: 'a@example.com' }),
      'emailNotFound',
    ],
    [passwordResetHandlers.tokenInvalid, () => api.getPasswordReset('x'), 'invalidToken'],
    [
      passwordResetHandlers.finishTokenUsed,
      () => api.finishPasswordReset('x', { password: 'Passw0rd1' }),
      'invalidToken',
    ],
    [
      emailChangeHandlers.requestNoSession,
      () => api.requestEmailChange({ email: 'a@example.com' }),
      'noSession',
    ],
    [
      emailChangeHandlers.requestEmailInUse,
      () => api.requestEmailChange({ email: 'a@example.com' }),
      'emailInUse',
    ],
    [
      emailChangeHandlers.requestSameAsCurrent,
      () => api.requestEmailChange({ email: 'a@example.com' }),
      'sameAsCurrentEmail',
    ],
    [emailChangeHandlers.activateInvalidToken, () => api.activateEmailChange('x'), 'invalidToken'],
    [
      passwordHandlers.changeNoSession,
      () => api.changePassword({ currentPassword: 'a', newPassword: 'Passw0rd1' }),
      'noSession',
    ],
    [
      passwordHandlers.changeWrongPassword,
      () => api.changePassword({ currentPassword: 'a', newPassword: 'Passw0rd1' }),
      'wrongPassword',
    ],
    [planHandlers.readNoSession, () => api.getPlan(), 'noSession'],
    [planHandlers.saveNoSession, () => api.savePlan(examplePlan), 'noSession'],
    [planHandlers.saveRefused, () => api.savePlan(examplePlan), 'refused'],
    [planHandlers.saveRateLimited, () => api.savePlan(examplePlan), 'rateLimited'],
  ] as const)('%# answers so that the adapter reports %s', async (handler, call, failure) => {
    server.use(handler);
    expect(await call()).toMatchObject({ ok: false, failure });
  });

  it('a refused plan carries the field errors of the problem', async () => {
    server.use(planHandlers.saveRefused);
    const outcome = await api.savePlan(examplePlan);
    expect(!outcome.ok && outcome.error.problem?.errors).toEqual([
      { field: 'teacherId', code: 'not_offered' },
    ]);
  });

  it('answer a password sign-in with the second step and its methods', async () => {
    server.use(sessionHandlers.signInSecondStepWithPasskey);
    expect(await api.signIn({ email: 'a@example.com', password: 'x' })).toEqual({
      ok: true,
      data: { signedIn: false, secondStep: ['authenticatorApp', 'recoveryCode', 'passkey'] },
    });
  });

  it('sends Retry-After with the rate-limit handler', async () => {
    server.use(sessionHandlers.signInRateLimited);
    expect(await api.signIn({ email: 'a@example.com', password: 'x' })).toMatchObject({ retryAfter: 120 });
  });
});

describe('the security store', () => {
  const credential = {
    id: 'Y3JlZC0x',
    rawId: 'Y3JlZC0x',
    type: 'public-key' as const,
    response: { clientDataJSON: 'e30', attestationObject: 'o2M' },
  };

  it('asks to confirm before a sensitive change, then makes it', async () => {
    server.use(...securityStore({ passkeys: examplePasskeys, confirmed: false }));
    expect(await api.removePasskey('12')).toMatchObject({ ok: false, failure: 'confirmationRequired' });
    expect(await api.startAddingPasskey()).toMatchObject({ ok: false, failure: 'confirmationRequired' });
    expect(await api.confirmSignIn({ password: 'wrong' })).toMatchObject({
      ok: false,
      failure: 'wrongPassword',
    });
    expect((await api.confirmSignIn({ password: MOCK_PASSWORD })).ok).toBe(true);
    expect(await api.removePasskey('12')).toEqual({ ok: true, data: undefined });
    const list = await api.listPasskeys();
    expect(list.ok && list.data.map(({ id }) => id)).toEqual(['7']);
  });

  it('adds, renames and removes passkeys; refuses an unknown one and the last factor where one is required', async () => {
    server.use(...securityStore({ secondFactorRequired: true }));
    expect((await api.startAddingPasskey()).ok).toBe(true);
    const added = await api.addPasskey({ name: ' Phone ', credential });
    expect(added).toMatchObject({ ok: true, data: { name: 'Phone', lastUsedAt: null } });
    const id = added.ok ? added.data.id : '';
    expect(await api.renamePasskey(id, 'Laptop')).toMatchObject({ ok: true, data: { name: 'Laptop' } });
    expect(await api.renamePasskey('999', 'x')).toMatchObject({ ok: false, failure: 'passkeyNotFound' });
    expect(await api.removePasskey(id)).toMatchObject({ ok: false, failure: 'lastSecondFactor' });
  });

  it('sets the app up with the right code only, renews codes and turns it off', async () => {
    server.use(...securityStore());
    expect(await api.enableAuthenticatorApp(MOCK_TOTP_CODE)).toMatchObject({ ok: false, failure: 'noSetup' });
    expect((await api.startAuthenticatorAppSetup()).ok).toBe(true);
    expect(await api.enableAuthenticatorApp('000000')).toMatchObject({ ok: false, failure: 'wrongCode' });
    expect(await api.enableAuthenticatorApp(MOCK_TOTP_CODE)).toEqual({
      ok: true,
      data: exampleRecoveryCodes,
    });
    expect(await api.getAuthenticatorApp()).toMatchObject({
      ok: true,
      data: { on: true, recoveryCodesLeft: 10 },
    });
    expect(await api.startAuthenticatorAppSetup()).toMatchObject({ ok: false, failure: 'alreadyOn' });
    expect((await api.renewRecoveryCodes()).ok).toBe(true);
    expect((await api.disableAuthenticatorApp()).ok).toBe(true);
    expect(await api.renewRecoveryCodes()).toMatchObject({ ok: false, failure: 'notOn' });
  });

  it('serves no passkeys and the app off by default; single answers override', async () => {
    expect(await api.listPasskeys()).toEqual({ ok: true, data: [] });
    expect(await api.getAuthenticatorApp()).toEqual({ ok: true, data: { on: false, recoveryCodesLeft: 0 } });
    server.use(securityHandlers.listExample, securityHandlers.appOn);
    const list = await api.listPasskeys();
    expect(list.ok && list.data[0]?.createdAt).toEqual(new Date(examplePasskeys[0]!.createdAt));
    expect(await api.getAuthenticatorApp()).toMatchObject({ ok: true, data: { on: true } });
    server.use(securityHandlers.removeLastSecondFactor);
    expect(await api.removePasskey('12')).toMatchObject({ ok: false, failure: 'lastSecondFactor' });
  });
});

describe('the account deletion (deleteAccount)', () => {
  it('succeeds by default', async () => {
    expect(await api.deleteAccount()).toEqual({ ok: true, data: undefined });
  });

  it('asks to confirm first when the sign-in is old, then deletes', async () => {
    server.use(...accountDeletion({ confirmed: false }));
    expect(await api.deleteAccount()).toMatchObject({ ok: false, failure: 'confirmationRequired' });
    expect(await api.confirmSignIn({ password: MOCK_PASSWORD })).toMatchObject({ ok: true });
    expect(await api.deleteAccount()).toEqual({ ok: true, data: undefined });
  });

  it('refuses while an application awaits a decision', async () => {
    server.use(...accountDeletion({ awaitingDecision: true }));
    expect(await api.deleteAccount()).toMatchObject({ ok: false, failure: 'awaitingDecision' });
  });
});
