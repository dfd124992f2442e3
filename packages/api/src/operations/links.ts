import * as z from 'zod/mini';
import type { ApiError } from '../client/errors';
import { dateTime } from './common';

/**
 * Why a mailed link was refused (docs/behaviour.md#link-states): the 404 of a token operation carries a
 * `code`, and `expiredAt` for an expired link. A provider that sends neither, or anything the contract does
 * not name, is read as `unknown`: the screens then show the alert they always showed.
 */
export type LinkRefusal =
  | { readonly code: 'unknown' | 'used' | 'superseded' }
  | { readonly code: 'expired'; readonly expiredAt: Date };

const RefusalSchema = z.union([
  z.object({ code: z.literal('expired'), expiredAt: dateTime }),
  z.object({ code: z.enum(['used', 'superseded']) }),
]);

export function linkRefusal(error: ApiError): LinkRefusal {
  if (error.status !== 404) return { code: 'unknown' };
  const parsed = RefusalSchema.safeParse(error.problem);
  if (!parsed.success) return { code: 'unknown' };
  return parsed.data.code === 'expired'
    ? { code: 'expired', expiredAt: parsed.data.expiredAt }
    : { code: parsed.data.code };
}

/** A mail request's 202: when another mail to the same address will be accepted. */
export const MailAcceptedSchema = z.object({ nextSendAllowedAt: dateTime });
export type MailAccepted = z.output<typeof MailAcceptedSchema>;

/**
 * A password reset request's 202: as MailAccepted, and `sentAt` when no mail was sent because the account's
 * last reset mail, whoever asked for it, went out less than the resend cooldown ago (docs/security.md#already-sent).
 */
export const PasswordResetAcceptedSchema = z.object({
  nextSendAllowedAt: dateTime,
  sentAt: z.optional(dateTime),
});
export type PasswordResetAccepted = z.output<typeof PasswordResetAcceptedSchema>;
