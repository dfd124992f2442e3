import { describe, expect, it } from 'vitest';
import {
  activateEmailChangeFailures,
  changePasswordFailures,
  currentSessionFailures,
  finishPasswordResetFailures,
  finishRegistrationFailures,
  requestEmailChangeFailures,
  requestPasswordResetFailures,
  requestRegistrationFailures,
  signInFailures,
  tokenFailures,
  type FailureTable,
} from '@pre-admission/api';
import { sourceMessages } from '@pre-admission/i18n/all';
import { routes } from '../routes';
import {
  emailRequestSchema,
  newPasswordSchema,
  passwordChangeSchema,
  signInSchema,
} from '../validation/schemas';
import {
  activateEmailChangeCatalogue,
  changePasswordCatalogue,
  currentSessionCatalogue,
  finishPasswordResetCatalogue,
  finishRegistrationCatalogue,
  requestEmailChangeCatalogue,
  requestPasswordResetCatalogue,
  requestRegistrationCatalogue,
  signInCatalogue,
  tokenReadCatalogue,
  type Presentation,
} from './catalogue';

/** Each operation's adapter table beside the kit's table: every code is presented. */
const pairs: Array<[string, FailureTable, Readonly<Record<string, Presentation>>]> = [
  ['sign in', signInFailures, signInCatalogue],
  ['registration request', requestRegistrationFailures, requestRegistrationCatalogue],
  ['token read', tokenFailures, tokenReadCatalogue],
  ['registration finish', finishRegistrationFailures, finishRegistrationCatalogue],
  ['password reset request', requestPasswordResetFailures, requestPasswordResetCatalogue],
  ['password reset finish', finishPasswordResetFailures, finishPasswordResetCatalogue],
  ['password change', changePasswordFailures, changePasswordCatalogue],
  ['email change request', requestEmailChangeFailures, requestEmailChangeCatalogue],
  ['email change activation', activateEmailChangeFailures, activateEmailChangeCatalogue],
];

describe('the kit presents every failure the adapter maps', () => {
  it.each(pairs)('%s', (_name, adapter, kit) => {
    const rules = Object.values(adapter).filter((rule) => rule !== undefined);
    expect(Object.keys(kit).sort()).toEqual(rules.map((rule) => rule.failure).sort());
  });

  // The catalogue is the one place that says which field a failure is shown on: each such field is one
  // the screen's form has (its schema), or the message would go nowhere.
  it.each<[string, Readonly<Record<string, Presentation>>, { shape: object }]>([
    ['sign in', signInCatalogue, signInSchema],
    ['registration request', requestRegistrationCatalogue, emailRequestSchema],
    ['password reset request', requestPasswordResetCatalogue, emailRequestSchema],
    ['password change', changePasswordCatalogue, passwordChangeSchema],
    ['registration finish', finishRegistrationCatalogue, newPasswordSchema],
    ['password reset finish', finishPasswordResetCatalogue, newPasswordSchema],
  ])('%s: shows each field failure on a field of its form', (_name, kit, schema) => {
    const fields = Object.values(kit).flatMap((p) => (p.kind === 'field' ? [p.field] : []));
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) expect(Object.keys(schema.shape)).toContain(field);
  });

  it('shows field failures only on the screens with a form of those fields', () => {
    const others = [tokenReadCatalogue, requestEmailChangeCatalogue, activateEmailChangeCatalogue];
    for (const kit of others)
      for (const presentation of Object.values(kit)) expect(presentation.kind).not.toBe('field');
  });

  it('only uses message ids that exist', () => {
    const ids = pairs.flatMap(([, , kit]) =>
      Object.values(kit).flatMap((p) =>
        p.kind === 'field' ? [p.message] : p.kind === 'toast' || p.kind === 'logged' ? [p.title, p.text] : [],
      ),
    );
    for (const id of ids) expect(sourceMessages.en).toHaveProperty([id]);
  });
});

/** The rows with a status of docs/behaviour.md#error-catalogue, as the kit presents them (the stories prove what the applicant sees). */
describe('docs/behaviour.md#error-catalogue', () => {
  const row = (table: FailureTable, status: number) => table[status]?.failure ?? 'unmapped';

  it('sign in 404 → email "account not found"; 403 → password "password is incorrect"', () => {
    expect(signInCatalogue[row(signInFailures, 404) as 'accountNotFound']).toEqual({
      kind: 'field',
      field: 'email',
      message: 'account.error.accountNotFound',
    });
    expect(signInCatalogue[row(signInFailures, 403) as 'wrongPassword']).toEqual({
      kind: 'field',
      field: 'password',
      message: 'account.error.wrongPassword',
    });
  });

  it('registration request 409 → email "already registered email address"; nothing else is mapped', () => {
    expect(
      requestRegistrationCatalogue[row(requestRegistrationFailures, 409) as 'emailAlreadyRegistered'],
    ).toEqual({
      kind: 'field',
      field: 'email',
      message: 'account.error.emailAlreadyRegistered',
    });
    expect(row(requestRegistrationFailures, 500)).toBe('unmapped');
  });

  it('token reads 404 → the "URL is invalid" alert', () => {
    expect(tokenReadCatalogue[row(tokenFailures, 404) as 'invalidToken']).toEqual({ kind: 'invalidLink' });
  });

  it('reset request 404 → email "email address not found"', () => {
    expect(requestPasswordResetCatalogue[row(requestPasswordResetFailures, 404) as 'emailNotFound']).toEqual({
      kind: 'field',
      field: 'email',
      message: 'account.error.emailNotFound',
    });
  });

  const toSignIn = { kind: 'sessionLost', to: routes.signIn };

  it('password change 404 → /; 409 → currentPassword "password is incorrect"', () => {
    expect(changePasswordCatalogue[row(changePasswordFailures, 404) as 'noSession']).toEqual(toSignIn);
    expect(changePasswordCatalogue[row(changePasswordFailures, 409) as 'wrongPassword']).toEqual({
      kind: 'field',
      field: 'currentPassword',
      message: 'account.error.wrongPassword',
    });
  });

  it('email change request 404 → /; 409 → the toast "failed to change email address"', () => {
    expect(requestEmailChangeCatalogue[row(requestEmailChangeFailures, 404) as 'noSession']).toEqual(
      toSignIn,
    );
    expect(requestEmailChangeCatalogue[row(requestEmailChangeFailures, 409) as 'emailInUse']).toEqual({
      kind: 'toast',
      title: 'account.error.emailChangeFailed',
      text: 'account.error.emailInUse',
    });
  });

  it('session check 403 → terminated', () => {
    expect(currentSessionCatalogue[row(currentSessionFailures, 403) as 'terminated']).toBe('terminated');
  });

  it('registration finish, reset finish and activation are only logged (with a toast), but a refused new password', () => {
    for (const kit of [
      finishRegistrationCatalogue,
      finishPasswordResetCatalogue,
      activateEmailChangeCatalogue,
    ]) {
      for (const [failure, presentation] of Object.entries(kit))
        if (failure !== 'commonPassword') expect(presentation.kind).toBe('logged');
    }
  });

  // docs/security.md#common-passwords: the server's refusal shows the message the field shows on blur.
  it('registration finish, reset finish and password change 400 common_password → newPassword "too easy to guess"; change 400 same_as_current → newPassword "must differ"', () => {
    const common = { kind: 'field', field: 'newPassword', message: 'account.validation.commonPassword' };
    expect(finishRegistrationCatalogue[finishRegistrationFailures['400 common_password'].failure]).toEqual(
      common,
    );
    expect(finishPasswordResetCatalogue[finishPasswordResetFailures['400 common_password'].failure]).toEqual(
      common,
    );
    expect(changePasswordCatalogue[changePasswordFailures['400 common_password'].failure]).toEqual(common);
    expect(changePasswordCatalogue[changePasswordFailures['400 same_as_current'].failure]).toEqual({
      kind: 'field',
      field: 'newPassword',
      message: 'account.validation.sameAsCurrentPassword',
    });
  });
});
