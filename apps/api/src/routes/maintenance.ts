// The announced maintenance stops (openapi.yaml listMaintenanceWindows, docs/operations.md#maintenance-windows).
import type { Handlers, Services } from '../services.ts';

/** Seconds a browser may reuse the list: an edit of MAINTENANCE_FILE reaches every page within a minute. */
const MAINTENANCE_MAX_AGE = 60;

export function maintenanceHandlers(s: Services): Handlers<'listMaintenanceWindows'> {
  return {
    async listMaintenanceWindows(request, reply) {
      const windows = s.maintenance.current(s.clock.now(), {
        error: (line) => request.log.error(line),
        info: (line) => request.log.info(line),
      });
      // The same for everyone, and no secret: cacheable (the API is otherwise no-store).
      reply.header('cache-control', `public, max-age=${MAINTENANCE_MAX_AGE}`);
      return windows.map(({ start, end, text }) => ({
        start: start.toISOString(),
        end: end.toISOString(),
        text: { ja: text.ja, en: text.en },
      }));
    },
  };
}
