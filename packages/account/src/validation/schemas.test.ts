import { describe, expect, it } from 'vitest';
import {
  authenticatorCodeSchema,
  emailRequestSchema,
  fieldIssue,
  newPasswordSchema,
  newPasswordSchemaWith,
  passwordChangeSchema,
  passwordChangeSchemaWith,
  normaliseCode,
  normaliseRecoveryCode,
  recoveryCodeSchema,
  signInSchema,
} from './schemas';

const emailIssue = (value: string) => fieldIssue(emailRequestSchema, { email: value }, 'email');
const newPasswordIssue = (value: string) =>
  fieldIssue(newPasswordSchema, { newPassword: value, passwordConfirmation: value }, 'newPassword');

describe('docs/behaviour.md#validation: email (sign in, registration, reset request, email change)', () => {
  it('is required', () => expect(emailIssue('')).toBe('account.validation.required'));
  it.each(['applicant', 'applicant@', '@example.ac.jp', 'a b@example.ac.jp', 'applicant@example'])(
    'rejects %j with "Please enter an email address."',
    (value) => expect(emailIssue(value)).toBe('account.validation.email'),
  );
  it.each(['applicant@example.ac.jp', 'first.last+tag@mail.example.com'])('accepts %j', (value) =>
    expect(emailIssue(value)).toBeUndefined(),
  );
  it('accepts 200 characters and refuses 201', () => {
    const address = (length: number) => `${'a'.repeat(length - '@example.ac.jp'.length)}@example.ac.jp`;
    expect(emailIssue(address(200))).toBeUndefined();
    expect(emailIssue(address(201))).toBe('account.validation.emailTooLong');
  });
});

describe('docs/behaviour.md#validation: sign-in password', () => {
  it('is only required', () => {
    expect(fieldIssue(signInSchema, { email: 'a@example.ac.jp', password: '' }, 'password')).toBe(
      'account.validation.required',
    );
    expect(fieldIssue(signInSchema, { email: 'a@example.ac.jp', password: 'x' }, 'password')).toBeUndefined();
  });
});

describe('docs/behaviour.md#validation: new password', () => {
  it('is required', () => expect(newPasswordIssue('')).toBe('account.validation.required'));
  it.each([
    ['letters only', 'abcdefgh'],
    ['digits only', '12345678'],
    ['seven characters', 'abc1234'],
    ['full-width characters', 'ａｂｃ１２３４５'],
    ['a symbol', 'abcd123!'],
    ['a space', 'abcd 1234'],
  ])('refuses %s with the rule message', (_, value) =>
    expect(newPasswordIssue(value)).toBe('account.validation.newPassword'),
  );
  it('accepts 8 and 100 characters, refuses 101', () => {
    expect(newPasswordIssue('abcd1234')).toBeUndefined();
    expect(newPasswordIssue(`a1${'b'.repeat(98)}`)).toBeUndefined();
    expect(newPasswordIssue(`a1${'b'.repeat(99)}`)).toBe('account.validation.newPasswordTooLong');
  });
});

describe('docs/behaviour.md#validation: password confirmation', () => {
  const confirmation = (newPassword: string, passwordConfirmation: string) =>
    fieldIssue(newPasswordSchema, { newPassword, passwordConfirmation }, 'passwordConfirmation');

  it('is required', () => expect(confirmation('abcd1234', '')).toBe('account.validation.required'));
  it('must equal the new password', () => {
    expect(confirmation('abcd1234', 'abcd1235')).toBe('account.validation.passwordMismatch');
    expect(confirmation('abcd1234', 'abcd1234')).toBeUndefined();
  });
  it('says so even while the new password itself breaks the rule', () =>
    expect(confirmation('short', 'other')).toBe('account.validation.passwordMismatch'));
});

describe('docs/behaviour.md#validation: password change', () => {
  it('requires the current password and checks the new one and the confirmation', () => {
    const values = { currentPassword: '', newPassword: 'abc', passwordConfirmation: 'abd' };
    expect(fieldIssue(passwordChangeSchema, values, 'currentPassword')).toBe('account.validation.required');
    expect(fieldIssue(passwordChangeSchema, values, 'newPassword')).toBe('account.validation.newPassword');
    expect(fieldIssue(passwordChangeSchema, values, 'passwordConfirmation')).toBe(
      'account.validation.passwordMismatch',
    );
  });
  it('passes a valid change', () => {
    const values = { currentPassword: 'old', newPassword: 'abcd1234', passwordConfirmation: 'abcd1234' };
    expect(passwordChangeSchema.safeParse(values).success).toBe(true);
  });
});

describe('docs/security.md#common-passwords: refused new passwords, on blur as on the server', () => {
  // The check AccountContext loads (@pre-admission/rules); a stand-in here, so the schema's part is tested alone.
  const isCommon = (password: string) => password.toLowerCase() === 'passw0rd';
  const both = (password: string) => ({ newPassword: password, passwordConfirmation: password });

  it('refuses a password the check refuses, with the message of the server’s common_password', () => {
    for (const schema of [newPasswordSchemaWith(isCommon), passwordChangeSchemaWith(isCommon)]) {
      expect(fieldIssue(schema, { currentPassword: 'Kq7wZt3v', ...both('Passw0rd') }, 'newPassword')).toBe(
        'account.validation.commonPassword',
      );
      expect(fieldIssue(schema, { currentPassword: 'Kq7wZt3v', ...both('Zq8wKt4v') }, 'newPassword')).toBe(
        undefined,
      );
    }
  });

  it('says the rule of the characters first, and accepts everything before the list has loaded', () => {
    expect(
      fieldIssue(
        newPasswordSchemaWith(() => true),
        both('abc'),
        'newPassword',
      ),
    ).toBe('account.validation.newPassword');
    expect(fieldIssue(newPasswordSchema, both('Passw0rd'), 'newPassword')).toBe(undefined);
  });

  it('refuses the current password as the new one, with the message of the server’s same_as_current', () => {
    const values = { currentPassword: 'Kq7wZt3v', ...both('Kq7wZt3v') };
    expect(fieldIssue(passwordChangeSchema, values, 'newPassword')).toBe(
      'account.validation.sameAsCurrentPassword',
    );
    // Only an exact match: the current password is compared as typed, never normalised.
    expect(fieldIssue(passwordChangeSchema, { ...values, currentPassword: 'kq7wzt3v' }, 'newPassword')).toBe(
      undefined,
    );
  });
});

// docs/security.md#second-factor: what the applicant types as a code, as the server takes it.
describe('the second step: the code from the app and a recovery code', () => {
  const codeIssue = (code: string) => fieldIssue(authenticatorCodeSchema, { code }, 'code');
  const recoveryIssue = (code: string) => fieldIssue(recoveryCodeSchema, { code }, 'code');

  it.each([
    ['492039', '492039'],
    ['492 039', '492039'],
    ['４９２０３９', '492039'],
    [' 492039 ', '492039'],
  ])('takes the code %j as %j', (typed, sent) => {
    expect(codeIssue(typed)).toBeUndefined();
    expect(normaliseCode(typed)).toBe(sent);
  });

  it.each(['', '49203', '4920391', '49203a', '492-039'])('refuses the code %j', (typed) =>
    expect(codeIssue(typed)).toBe(
      typed === '' ? 'account.validation.codeRequired' : 'account.validation.codeFormat',
    ),
  );

  it.each([
    ['7fkq-2m9x-hd4p', '7fkq2m9xhd4p'],
    ['7FKQ 2M9X HD4P', '7fkq2m9xhd4p'],
    ['７ｆｋｑ２ｍ９ｘｈｄ４ｐ', '7fkq2m9xhd4p'],
  ])('takes the recovery code %j as %j', (typed, sent) => {
    expect(recoveryIssue(typed)).toBeUndefined();
    expect(normaliseRecoveryCode(typed)).toBe(sent);
  });

  it.each(['7fkq-2m9x-hd4', '7fkq-2m9x-hd4p-x', '7fkq_2m9x_hd4p'])('refuses the recovery code %j', (typed) =>
    expect(recoveryIssue(typed)).toBe('account.validation.recoveryCodeFormat'),
  );
});
