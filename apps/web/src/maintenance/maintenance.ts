import type { MaintenanceWindow } from '@pre-admission/account/context';

/**
 * The maintenance stop announced on the sign-in and registration pages (docs/behaviour.md#product, #constants): the one place the
 * window is configured. Japan time (+09:00). When it shows is the kit's rule (isMaintenanceNoticeVisible).
 */
export const maintenanceWindow: MaintenanceWindow = {
  start: new Date('2024-08-30T17:00:00+09:00'),
  end: new Date('2024-09-02T10:00:00+09:00'),
};
