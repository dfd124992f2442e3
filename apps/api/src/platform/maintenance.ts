// The maintenance stops the desk announces (docs/operations.md#maintenance-windows): a JSON file named by
// MAINTENANCE_FILE, read at run time so that announcing the next stop needs no rebuild and no restart. The
// file is read again when its modification time or size changes; a file broken by an edit keeps the last good
// list in service (and says what is wrong in the log), so a typo never takes a notice down or the site with it.
import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';

const text = z.string().trim().min(1, 'is empty').max(500, 'is longer than 500 characters');

/** An ISO 8601 date-time with its offset (`2024-08-30T17:00:00+09:00`): a bare local time is ambiguous. */
const dateTime = z.iso
  .datetime({ offset: true, error: 'is not a date-time with its offset, e.g. 2024-08-30T17:00:00+09:00' })
  .transform((value) => new Date(value));

const windowSchema = z
  .strictObject({
    start: dateTime,
    end: dateTime,
    text: z.strictObject({ ja: text, en: text }),
  })
  // Zod runs this even when a date failed (its own issue is listed then): only compare two dates.
  .refine(
    (window) => !(window.start instanceof Date && window.end instanceof Date) || window.end > window.start,
    {
      message: 'ends before it starts (end must be after start)',
      path: ['end'],
    },
  );

const fileSchema = z.array(windowSchema);

export type MaintenanceWindow = z.output<typeof windowSchema>;

/** What reading the file gave: its windows, or one line naming the file and every problem in it. */
export type MaintenanceRead = { windows: MaintenanceWindow[] } | { problem: string };

/** An example of the file, for the messages (the spec's stop, docs/operations.md#maintenance-windows). */
const EXAMPLE =
  '[{"start": "2024-08-30T17:00:00+09:00", "end": "2024-09-02T10:00:00+09:00", "text": {"ja": "…", "en": "…"}}]';

/** Reads and checks the file; never throws. */
export function readMaintenanceFile(path: string): MaintenanceRead {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { problem: `MAINTENANCE_FILE=${JSON.stringify(path)} cannot be read (${code ?? String(error)}).` };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return {
      problem: `MAINTENANCE_FILE=${JSON.stringify(path)} is not JSON (${(error as Error).message}). Expected a list like ${EXAMPLE}`,
    };
  }
  const result = fileSchema.safeParse(json);
  if (result.success) return { windows: result.data };
  const issues = result.error.issues.map((issue) => {
    const where = issue.path.length === 0 ? 'the file' : issue.path.map(String).join('.');
    return `${where}: ${issue.message}`;
  });
  return {
    problem: `MAINTENANCE_FILE=${JSON.stringify(path)} is malformed: ${issues.join('; ')}. Expected a list like ${EXAMPLE}`,
  };
}

export interface MaintenanceLog {
  error(message: string): void;
  info(message: string): void;
}

/**
 * The windows in service. `current()` checks the file's modification time and size (one stat, no read) and
 * reads it again only when either changed; the answer is cached by browsers for a minute on top
 * (apps/api/src/routes/maintenance.ts).
 */
export class MaintenanceSchedule {
  private readonly path: string | undefined;
  private windows: readonly MaintenanceWindow[] = [];
  private seen: string | undefined;

  constructor(path: string | undefined) {
    this.path = path;
  }

  /**
   * The pact's provider state "a maintenance stop is announced" (providerStates/states.ts, never in production):
   * these windows stand in for the file's until the next change of the file.
   */
  announce(windows: readonly MaintenanceWindow[]): void {
    this.windows = windows;
  }

  /** Every window whose end is after `now`, earliest start first. */
  current(now: Date, log: MaintenanceLog): readonly MaintenanceWindow[] {
    this.refresh(log);
    return this.windows
      .filter((window) => window.end.getTime() > now.getTime())
      .sort((a, b) => a.start.getTime() - b.start.getTime());
  }

  private refresh(log: MaintenanceLog): void {
    if (this.path === undefined) return;
    let version: string;
    try {
      const stat = statSync(this.path);
      version = `${stat.mtimeMs}:${stat.size}`;
    } catch (error) {
      version = `missing:${(error as NodeJS.ErrnoException).code ?? ''}`;
    }
    if (version === this.seen) return;
    this.seen = version;
    const read = readMaintenanceFile(this.path);
    if ('problem' in read) {
      log.error(`${read.problem} Still announcing the ${this.windows.length} window(s) read before.`);
      return;
    }
    this.windows = read.windows;
    log.info(`MAINTENANCE_FILE read: ${read.windows.length} window(s).`);
  }
}
