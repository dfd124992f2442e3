import { isMaintenanceNoticeVisible, type MaintenanceWindow } from '@pre-admission/account/context';
import type { Api } from '@pre-admission/api';
import { useEffect, useState } from 'react';

/**
 * The maintenance stops come from the server at run time (GET /api/maintenance-windows, the desk's
 * MAINTENANCE_FILE: docs/operations.md#maintenance-windows), never from the build: a prerendered page carries
 * no notice, so none goes stale in it. When a notice shows is the kit's rule (isMaintenanceNoticeVisible).
 */

/** How long a read list is reused before it is asked for again; the server's answer is cached as long. */
const MAINTENANCE_STALE_MS = 60_000;

/** The stop to announce: the earliest-starting one whose notice is still shown at `now`. */
export function chooseMaintenanceWindow(
  windows: readonly MaintenanceWindow[],
  now: Date,
): MaintenanceWindow | undefined {
  return windows
    .filter((window) => isMaintenanceNoticeVisible(now, window))
    .sort((a, b) => a.start.getTime() - b.start.getTime())[0];
}

/** The read of each app's API (one per app), while fresh; a failed read is not kept. */
const reads = new WeakMap<Api, { at: number; windows: Promise<readonly MaintenanceWindow[]> }>();

/**
 * The stops, read at most once a minute (an answer is reused while fresh, a read under way is shared). A plain
 * fetch: react-query, which only the planner's screens need, stays off the pages that show the notice (the
 * sign-in page among them). Any failure is no stop: the notice is extra, the page works without it (issue 27:
 * no dead end).
 */
export async function readMaintenanceWindows(api: Api): Promise<readonly MaintenanceWindow[]> {
  const kept = reads.get(api);
  if (kept && Date.now() - kept.at < MAINTENANCE_STALE_MS) return kept.windows.catch(() => []);
  const windows = api.listMaintenanceWindows();
  reads.set(api, { at: Date.now(), windows });
  try {
    return await windows;
  } catch {
    if (reads.get(api)?.windows === windows) reads.delete(api);
    return [];
  }
}

/**
 * The stops as the app knows them: none until the first read answers, read again (from the cache while
 * fresh) each time `path` changes, so a page opened after the desk's edit shows it within a minute.
 */
export function useMaintenanceWindows(api: Api, path: string): readonly MaintenanceWindow[] {
  const [windows, setWindows] = useState<readonly MaintenanceWindow[]>([]);
  useEffect(() => {
    let current = true;
    void readMaintenanceWindows(api).then((read) => {
      if (current) setWindows(read);
    });
    return () => {
      current = false;
    };
  }, [api, path]);
  return windows;
}
