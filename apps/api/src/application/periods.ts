// The application periods the desk announces (docs/operations.md#application-periods): a JSON file named by
// PERIODS_FILE, read at run time so that a new period needs no rebuild and no restart, as the maintenance
// stops are (../platform/maintenance.ts). The file is read again when its modification time or size changes;
// a file broken by an edit keeps the last good list in service and says what is wrong in the log, so a typo
// never closes every period. Times are written in Japan time with their offset (`2027-01-15T17:00+09:00`):
// a period opens at `opensAt` and closes at `closesAt` exactly, on the server's clock (platform/clock.ts), as
// @pre-admission/rules `periodState` says for the screens and the server alike.
import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { seedFolder } from '../reference/referenceData.ts';

export interface ApplicationPeriod {
  /** `2027-april-master`: lower-case letters, digits and hyphens (openapi.yaml ApplicationPeriod.id). */
  id: string;
  /** The programme option (`Option.id` of the programs list) it takes applications for. */
  programId: number;
  /** The year applicants of this period enter: the reference number's two digits (reference.ts). */
  entryYear: number;
  opensAt: Date;
  closesAt: Date;
}

/**
 * Japan time to the minute, with its offset, as the desk writes it: `2027-01-15T17:00+09:00` (`:00` seconds
 * allowed). Another offset is refused rather than converted: the desk and the applicants' guides speak of
 * Japan time, and a time in another zone in this file is more likely a slip than a wish.
 */
const JAPAN_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::00)?\+09:00$/;
const japanTime = z
  .string({ error: 'is not a text such as 2027-01-15T17:00+09:00' })
  .transform((value, ctx) => {
    const match = JAPAN_TIME.exec(value);
    const at = match ? new Date(value) : undefined;
    // A date that does not exist (2027-02-30) parses to another day in some engines: compare the fields back.
    const real =
      at &&
      !Number.isNaN(at.getTime()) &&
      formatJapanTime(at) === `${match![1]}-${match![2]}-${match![3]} ${match![4]}:${match![5]}`;
    if (!real) {
      ctx.addIssue({
        code: 'custom',
        message: 'is not a Japan time to the minute with its offset, e.g. 2027-01-15T17:00+09:00',
      });
      return z.NEVER;
    }
    return at;
  });

/** The programme options of the programs list (reference/seed/programs.json), by id. */
function programmeOptionIds(): Set<number> {
  const groups = JSON.parse(readFileSync(new URL('programs.json', seedFolder), 'utf8')) as Array<{
    options: Array<{ id: number }>;
  }>;
  return new Set(groups.flatMap((group) => group.options.map((option) => option.id)));
}

function periodSchema(options: ReadonlySet<number>) {
  return z
    .strictObject({
      id: z
        .string({ error: 'is not a text' })
        .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'is not lower-case letters, digits and hyphens (at most 63)'),
      programId: z
        .number({ error: 'is not a number' })
        .int('is not a whole number')
        .refine((id) => options.has(id), 'is not a programme option of the programs list'),
      entryYear: z
        .number({ error: 'is not a number' })
        .int('is not a whole number')
        .min(2000, 'is not a year from 2000 to 2099')
        .max(2099, 'is not a year from 2000 to 2099'),
      opensAt: japanTime,
      closesAt: japanTime,
    })
    .refine(
      (period) =>
        !(period.opensAt instanceof Date && period.closesAt instanceof Date) ||
        period.closesAt > period.opensAt,
      { message: 'closes before it opens (closesAt must be after opensAt)', path: ['closesAt'] },
    );
}

function fileSchema() {
  return z.array(periodSchema(programmeOptionIds())).superRefine((periods, ctx) => {
    const seen = new Map<string, number>();
    periods.forEach((period, index) => {
      const first = seen.get(period.id);
      if (first !== undefined)
        ctx.addIssue({ code: 'custom', message: `repeats the id of period ${first}`, path: [index, 'id'] });
      else seen.set(period.id, index);
      // Two periods of one programme at once: a submission would not know which it belongs to.
      periods.forEach((other, otherIndex) => {
        if (
          otherIndex < index &&
          other.programId === period.programId &&
          other.opensAt < period.closesAt &&
          period.opensAt < other.closesAt
        )
          ctx.addIssue({
            code: 'custom',
            message: `overlaps period ${otherIndex} (${other.id}) of the same programme`,
            path: [index, 'opensAt'],
          });
      });
    });
  });
}

export type PeriodsRead = { periods: ApplicationPeriod[] } | { problem: string };

const EXAMPLE =
  '[{"id": "2027-april-master", "programId": 11, "entryYear": 2027, "opensAt": "2026-11-01T09:00+09:00", "closesAt": "2027-01-15T17:00+09:00"}]';

/** Reads and checks the file; never throws. The problem names the file and every fault in it. */
export function readPeriodsFile(path: string): PeriodsRead {
  const name = `PERIODS_FILE=${JSON.stringify(path)}`;
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { problem: `${name} cannot be read (${code ?? String(error)}).` };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return {
      problem: `${name} is not JSON (${(error as Error).message}). Expected a list like ${EXAMPLE}`,
    };
  }
  const result = fileSchema().safeParse(json);
  if (result.success) return { periods: result.data };
  const issues = result.error.issues.map((issue) => {
    const where = issue.path.length === 0 ? 'the file' : issue.path.map(String).join('.');
    return `${where}: ${issue.message}`;
  });
  return { problem: `${name} is malformed: ${issues.join('; ')}. Expected a list like ${EXAMPLE}` };
}

/** `2027-01-15 17:00` in Japan time, as the desk wrote it and as the mails show times. */
export function formatJapanTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

export interface PeriodsLog {
  error(message: string): void;
  info(message: string): void;
}

/** How long a closed period stays in the public list (openapi.yaml listApplicationPeriods). */
const LISTED_AFTER_CLOSE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The periods in service. Each read checks the file's modification time and size (one stat) and reads it
 * again only when either changed.
 */
export class PeriodSchedule {
  private readonly path: string | undefined;
  private periods: readonly ApplicationPeriod[] = [];
  private seen: string | undefined;
  /** Programmes whose periods a provider state set (`standIn`): they replace the file's for that programme. */
  private readonly standIns = new Map<number, readonly ApplicationPeriod[]>();

  constructor(path: string | undefined) {
    this.path = path;
  }

  /**
   * The pact's provider states only (providerStates/applicationStates.ts, never in production): these periods
   * stand in for the file's periods of their programme, so a state can open or close a programme's period on
   * the server's own clock whatever today's date is.
   */
  standIn(programId: number, periods: readonly ApplicationPeriod[]): void {
    this.standIns.set(programId, periods);
  }

  /** Every period, the file's and those standing in, by programme option then opening time. */
  all(log: PeriodsLog): ApplicationPeriod[] {
    this.refresh(log);
    return [
      ...this.periods.filter((period) => !this.standIns.has(period.programId)),
      ...[...this.standIns.values()].flat(),
    ].sort(
      (a, b) =>
        a.programId - b.programId || a.opensAt.getTime() - b.opensAt.getTime() || a.id.localeCompare(b.id),
    );
  }

  /** The periods the public list shows: all but those closed more than a year before `now`. */
  listed(now: Date, log: PeriodsLog): ApplicationPeriod[] {
    return this.all(log).filter(
      (period) => period.closesAt.getTime() > now.getTime() - LISTED_AFTER_CLOSE_MS,
    );
  }

  /** The programme's periods, earliest first. */
  of(programId: number, log: PeriodsLog): ApplicationPeriod[] {
    return this.all(log).filter((period) => period.programId === programId);
  }

  private refresh(log: PeriodsLog): void {
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
    const read = readPeriodsFile(this.path);
    if ('problem' in read) {
      log.error(`${read.problem} Still serving the ${this.periods.length} period(s) read before.`);
      return;
    }
    this.periods = read.periods;
    log.info(`PERIODS_FILE read: ${read.periods.length} period(s).`);
  }
}
