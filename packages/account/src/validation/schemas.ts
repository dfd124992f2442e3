import { z } from 'zod';
import type { MessageId } from '@pre-admission/i18n';

/**
 * Spec 5's rules as zod schemas shared by every form. Each message is a catalogue id, translated where the
 * error is shown, so one schema serves both languages. The first issue of a field is the one shown, so each
 * schema lists its checks in the order an applicant should hear about them.
 */
const message = (id: MessageId) => ({ error: id });

/** Spec 9: an email input accepts at most 200 characters. */
export const emailMaxLength = 200;
/** Spec 9: a new password has 8 to 100 characters. */
export const newPasswordMinLength = 8;
export const newPasswordMaxLength = 100;

/** Spec 5: required, at most 200 characters, a standard email address (zod's own pattern). */
export const email = z
  .string()
  .min(1, message('account.validation.required'))
  .max(emailMaxLength, message('account.validation.emailTooLong'))
  .regex(z.regexes.email, message('account.validation.email'));

/** Spec 5: the sign-in password and the current password are only required (any old password still works). */
export const requiredPassword = z.string().min(1, message('account.validation.required'));

/**
 * Spec 5: required; only half-width letters and digits; at least one letter and one digit; 8 to 100
 * characters. One message states the whole rule; only the upper bound has its own.
 */
export const newPassword = z
  .string()
  .min(1, message('account.validation.required'))
  .regex(/^[A-Za-z0-9]*$/, message('account.validation.newPassword'))
  .regex(/[A-Za-z]/, message('account.validation.newPassword'))
  .regex(/[0-9]/, message('account.validation.newPassword'))
  .min(newPasswordMinLength, message('account.validation.newPassword'))
  .max(newPasswordMaxLength, message('account.validation.newPasswordTooLong'));

const passwordConfirmation = z.string().min(1, message('account.validation.required'));

/** Spec 5: the confirmation must equal the new password; the issue belongs to the confirmation field. */
const confirmationMatches: [
  (values: { newPassword: string; passwordConfirmation: string }) => boolean,
  z.core.$ZodCustomParams,
] = [
  (values) => values.passwordConfirmation === values.newPassword,
  {
    ...message('account.validation.passwordMismatch'),
    path: ['passwordConfirmation'],
    // Compare even while another field is invalid: a mismatch is worth saying on its own.
    when: (payload: z.core.ParsePayload) => {
      const value = payload.value as Record<string, unknown>;
      return typeof value.newPassword === 'string' && value.passwordConfirmation !== '';
    },
  },
];

/** Sign-in (/): email and password. */
export const signInSchema = z.object({ email, password: requiredPassword });

/** Registration request, password reset request and email change request: one email. */
export const emailRequestSchema = z.object({ email });

/** Registration and password reset by token: a new password and its confirmation. */
export const newPasswordSchema = z
  .object({ newPassword, passwordConfirmation })
  .refine(...confirmationMatches);

/** Password change: the current password, a new one and its confirmation. */
export const passwordChangeSchema = z
  .object({ currentPassword: requiredPassword, newPassword, passwordConfirmation })
  .refine(...confirmationMatches);

export type SignInValues = z.infer<typeof signInSchema>;
export type EmailRequestValues = z.infer<typeof emailRequestSchema>;
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
export type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;

/** The message id of the first issue about one field, or undefined when that field is valid. */
export function fieldIssue(
  schema: z.ZodType,
  values: Record<string, string>,
  name: string,
): MessageId | undefined {
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  const issue = result.error.issues.find((candidate) => candidate.path[0] === name);
  return issue?.message as MessageId | undefined;
}
