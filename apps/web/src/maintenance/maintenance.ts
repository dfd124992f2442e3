/**
 * The maintenance stop announced on the sign-in and registration pages (spec 1, 9): the one place the
 * window is configured. Japan time (+09:00).
 */
export interface MaintenanceWindow {
  readonly start: Date;
  readonly end: Date;
}

export const maintenanceWindow: MaintenanceWindow = {
  start: new Date('2024-08-30T17:00:00+09:00'),
  end: new Date('2024-09-02T10:00:00+09:00'),
};

/** Spec 1: the notice is visible until the end time passes. */
export function isMaintenanceNoticeVisible(
  now: Date,
  window: MaintenanceWindow = maintenanceWindow,
): boolean {
  return now.getTime() < window.end.getTime();
}
