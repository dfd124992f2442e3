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

export function listDebugOffices(client: ApiClient) {
  return parseBody(client.GET('/api/debug/offices'), z.array(DepartmentSchema));
}
