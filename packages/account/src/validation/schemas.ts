import * as z from 'zod/mini';
import type { MessageId } from '@pre-admission/i18n';
import { emailMaxLength } from '@pre-admission/ui/limits';

/**
 * The rules as zod schemas shared by every form of docs/behaviour.md#validation. Each message is a catalogue id, translated where the
 * error is shown, so one schema serves both languages. The first issue of a field is the one shown, so each
 * schema lists its checks in the order an applicant should hear about them.
 *
 * zod/mini, as in the API adapter: the two share one zod core, and the sign-in page's first load carries
 * about 10 kB (gzip) less than with the classic API.
 */
const message = (id: MessageId) => ({ error: id });

/** docs/behaviour.md#constants: an e-mail input accepts at most 200 characters (one home: ui's limits). */
export { emailMaxLength } from '@pre-admission/ui/limits';
/** docs/behaviour.md#constants: a new password has 8 to 100 characters. */
export const newPasswordMinLength = 8;
export const newPasswordMaxLength = 100;

/** docs/behaviour.md#validation: required, at most 200 characters, a standard email address (zod's own pattern). */
export const email = z
  .string()
  .check(
    z.minLength(1, message('account.validation.required')),
    z.maxLength(emailMaxLength, message('account.validation.emailTooLong')),
    z.regex(z.regexes.email, message('account.validation.email')),
  );

/** docs/behaviour.md#validation: the sign-in password and the current password are only required (any old password still works). */
export const requiredPassword = z.string().check(z.minLength(1, message('account.validation.required')));

/** docs/security.md#common-passwords: true when a new password is refused as too common (AccountContext's check, bound to the address). */
export type CommonPasswordCheck = (password: string) => boolean;

/**
 * docs/behaviour.md#validation: required; only half-width letters and digits; at least one letter and one digit; 8 to 100
 * characters. One message states the whole rule; only the upper bound has its own. Last, once the list has
 * loaded: not a common password (docs/security.md#common-passwords), the same message as the server's 400.
 */
const newPasswordOf = (isCommon?: CommonPasswordCheck) =>
  z.string().check(
    z.minLength(1, message('account.validation.required')),
    z.regex(/^[A-Za-z0-9]*$/, message('account.validation.newPassword')),
    z.regex(/[A-Za-z]/, message('account.validation.newPassword')),
    z.regex(/[0-9]/, message('account.validation.newPassword')),
    z.minLength(newPasswordMinLength, message('account.validation.newPassword')),
    z.maxLength(newPasswordMaxLength, message('account.validation.newPasswordTooLong')),
    z.refine((value) => !isCommon?.(value), message('account.validation.commonPassword')),
  );
export const newPassword = newPasswordOf();

const passwordConfirmation = z.string().check(z.minLength(1, message('account.validation.required')));

/** docs/behaviour.md#validation: the confirmation must equal the new password; the issue belongs to the confirmation field. */
const confirmationMatches = z.refine<{ newPassword: string; passwordConfirmation: string }>(
  (values) => values.passwordConfirmation === values.newPassword,
  {
    ...message('account.validation.passwordMismatch'),
    path: ['passwordConfirmation'],
    // Compare even while another field is invalid: a mismatch is worth saying on its own.
    when: (payload) => {
      const value = payload.value as Record<string, unknown>;
      return typeof value.newPassword === 'string' && value.passwordConfirmation !== '';
    },
  },
);

/** Sign-in (/): email and password. */
export const signInSchema = z.object({ email, password: requiredPassword });

/**
 * docs/security.md#second-factor: what the applicant typed as the app's code, as the server takes it. A
 * Japanese keyboard may type full-width digits, and a code is often read out in two groups of three.
 */
export const normaliseCode = (value: string) => value.normalize('NFKC').replace(/\s/g, '');
/** A recovery code as the server compares it: lower-case, without hyphens or spaces. */
export const normaliseRecoveryCode = (value: string) =>
  value.normalize('NFKC').toLowerCase().replace(/[\s-]/g, '');

/** The second step with the app: six digits. */
export const authenticatorCodeSchema = z.object({
  code: z.string().check(
    z.minLength(1, message('account.validation.codeRequired')),
    z.refine((value) => /^[0-9]{6}$/.test(normaliseCode(value)), message('account.validation.codeFormat')),
  ),
});

/** The second step with a recovery code: twelve lower-case letters and digits, hyphens or not. */
export const recoveryCodeSchema = z.object({
  code: z.string().check(
    z.minLength(1, message('account.validation.recoveryCodeRequired')),
    z.refine(
      (value) => /^[a-z0-9]{12}$/.test(normaliseRecoveryCode(value)),
      message('account.validation.recoveryCodeFormat'),
    ),
  ),
});

/** Registration request, password reset request and email change request: one email. */
export const emailRequestSchema = z.object({ email });

/**
 * docs/security.md#common-passwords: the new password must differ from the current one; the issue belongs to
 * the new password, with the message of the server's 400 same_as_current.
 */
const differsFromCurrent = z.refine<{ currentPassword: string; newPassword: string }>(
  (values) => values.newPassword !== values.currentPassword,
  {
    ...message('account.validation.sameAsCurrentPassword'),
    path: ['newPassword'],
    when: (payload) => {
      const value = payload.value as Record<string, unknown>;
      return typeof value.currentPassword === 'string' && value.newPassword !== '';
    },
  },
);

/** Registration and password reset by token: a new password and its confirmation (with the common-password check once loaded). */
export const newPasswordSchemaWith = (isCommon?: CommonPasswordCheck) =>
  z.object({ newPassword: newPasswordOf(isCommon), passwordConfirmation }).check(confirmationMatches);
export const newPasswordSchema = newPasswordSchemaWith();

/** Password change: the current password, a new one that differs from it, and its confirmation. */
export const passwordChangeSchemaWith = (isCommon?: CommonPasswordCheck) =>
  z
    .object({ currentPassword: requiredPassword, newPassword: newPasswordOf(isCommon), passwordConfirmation })
    .check(confirmationMatches, differsFromCurrent);
export const passwordChangeSchema = passwordChangeSchemaWith();

/** A passkey's name (openapi.yaml PasskeyName): 1 to 60 characters once the surrounding spaces are dropped. */
export const passkeyNameSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, message('account.security.validation.passkeyName')),
      z.maxLength(60, message('account.security.validation.passkeyName')),
    ),
});

/** A form that is only a button (remove, turn off, renew): nothing to check, but its summary for failures. */
export const noFieldsSchema = z.object({});

/**
 * docs/security.md#recent-sign-in: confirming with the password; it is only required, as at sign-in. `code` is
 * there only once the server asked for it (an account with two-step sign-in: confirmationWithCodeSchema).
 */
export const confirmationSchema = z.object({ password: requiredPassword, code: z._default(z.string(), '') });
/** The same with the second factor (issue 39, item 3): the app's code or a recovery code, told apart by shape. */
export const confirmationWithCodeSchema = z.object({
  password: requiredPassword,
  code: z.string().check(z.minLength(1, message('account.validation.codeRequired'))),
});

/** Both second-step forms: one field, the code. */
export type SecondStepValues = z.output<typeof authenticatorCodeSchema>;
export type SignInValues = z.infer<typeof signInSchema>;
export type PasskeyNameValues = z.infer<typeof passkeyNameSchema>;
export type AuthenticatorCodeValues = z.infer<typeof authenticatorCodeSchema>;
export type ConfirmationValues = z.infer<typeof confirmationSchema>;
export type EmailRequestValues = z.infer<typeof emailRequestSchema>;
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
export type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;

/** The message id of each field's first issue (fields without one are absent). */
export function fieldIssues(
  schema: z.ZodMiniType,
  values: Readonly<Record<string, string>>,
): Partial<Record<string, MessageId>> {
  const result = schema.safeParse(values);
  const issues: Partial<Record<string, MessageId>> = {};
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const name = issue.path[0];
    if (typeof name === 'string' && !(name in issues)) issues[name] = issue.message as MessageId;
  }
  return issues;
}

/** The message id of the first issue about one field, or undefined when that field is valid. */
export function fieldIssue(
  schema: z.ZodMiniType,
  values: Record<string, string>,
  name: string,
): MessageId | undefined {
  return fieldIssues(schema, values)[name];
}
