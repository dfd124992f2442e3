import { schemaExamples } from '../../generated/examples';
import { http, never, problem } from '../http';

const windows = '/api/maintenance-windows';

/** The announced maintenance stops: none (the default), the contract's example stop, or a read that fails. */
export const maintenanceHandlers = {
  none: http.get(windows, ({ response }) => response(200).json([])),
  example: http.get(windows, ({ response }) => response(200).json([schemaExamples.MaintenanceWindow])),
  pending: http.get(windows, never),
  fails: http.get(windows, () => problem('listMaintenanceWindows', '500')),
};
