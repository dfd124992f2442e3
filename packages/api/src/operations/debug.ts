import * as z from 'zod/mini';
import type { ApiClient } from '../client/createApiClient';
import { dateTime } from './common';
import { parseBody } from './outcome';
import { DepartmentSchema } from './referenceData';

export const MailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: dateTime,
});
export const AccountReferenceSchema = z.object({ name: z.string(), account: z.string() });
export type Mail = z.output<typeof MailSchema>;
export type AccountReference = z.output<typeof AccountReferenceSchema>;

/** The reference provider's development mailbox, newest first. */
export function listMails(client: ApiClient): Promise<Mail[]> {
  return parseBody(client.GET('/api/debug/mails'), z.array(MailSchema));
}

const accountLists = {
  admin: '/api/debug/admin',
  approver: '/api/debug/approver',
  exchange: '/api/debug/exchange',
} as const;

/** Accounts of the other roles, for debug sign-in (docs/behaviour.md#roles; not used by the applicant screens). */
export function listDebugAccounts(
  client: ApiClient,
  role: keyof typeof accountLists,
): Promise<AccountReference[]> {
  return parseBody(client.GET(accountLists[role]), z.array(AccountReferenceSchema));
}

export function listDebugOffices(client: ApiClient) {
  return parseBody(client.GET('/api/debug/offices'), z.array(DepartmentSchema));
}
