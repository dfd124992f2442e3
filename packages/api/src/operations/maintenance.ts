import * as z from 'zod/mini';
import type { ApiClient } from '../client/createApiClient';
import { dateTime } from './common';
import { parseBody } from './outcome';

/** One announced maintenance stop (openapi.yaml MaintenanceWindow): its dates and the desk's note in each language. */
export const MaintenanceWindowSchema = z.object({
  start: dateTime,
  end: dateTime,
  text: z.object({ ja: z.string(), en: z.string() }),
});
export type MaintenanceWindowData = z.output<typeof MaintenanceWindowSchema>;

/**
 * The stops not yet over, earliest first (docs/operations.md#maintenance-windows). No failure table: the
 * notice is extra, so a caller that cannot read the list shows none (apps/web/src/maintenance) and the page
 * works as it does without a stop planned.
 */
export function listMaintenanceWindows(client: ApiClient): Promise<MaintenanceWindowData[]> {
  return parseBody(client.GET('/api/maintenance-windows', {}), z.array(MaintenanceWindowSchema));
}
