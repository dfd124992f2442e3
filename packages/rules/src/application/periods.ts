/** What the rules read of an application period (openapi.yaml `ApplicationPeriod`): an instant as text or `Date`. */
export interface PeriodTimes {
  readonly opensAt: string | Date;
  readonly closesAt: string | Date;
}

export interface ProgrammePeriod extends PeriodTimes {
  readonly programId: number;
}

export type PeriodState = 'upcoming' | 'open' | 'closed';

const time = (instant: string | Date) =>
  typeof instant === 'string' ? Date.parse(instant) : instant.getTime();

/**
 * docs/behaviour.md#applications: a period is open from `opensAt` (included) until `closesAt` (excluded): a
 * period closing at 17:00 takes a submission at 16:59:59.999 and refuses one at 17:00:00.000.
 */
export function periodState(period: PeriodTimes, now: Date): PeriodState {
  const at = now.getTime();
  if (at < time(period.opensAt)) return 'upcoming';
  return at < time(period.closesAt) ? 'open' : 'closed';
}

/** The open period of a programme option at `now` (the one closing first, if several are), or undefined. */
export function openPeriodFor<Period extends ProgrammePeriod>(
  periods: readonly Period[],
  programId: number,
  now: Date,
): Period | undefined {
  return periods
    .filter((p) => p.programId === programId && periodState(p, now) === 'open')
    .sort((a, b) => time(a.closesAt) - time(b.closesAt))[0];
}

/** The next period of a programme option to open after `now`, or undefined. */
export function nextPeriodFor<Period extends ProgrammePeriod>(
  periods: readonly Period[],
  programId: number,
  now: Date,
): Period | undefined {
  return periods
    .filter((p) => p.programId === programId && periodState(p, now) === 'upcoming')
    .sort((a, b) => time(a.opensAt) - time(b.opensAt))[0];
}

/** Under this long before it closes, a period is closing soon. */
export const closingSoonMs = 72 * 60 * 60 * 1000;

export interface TimeLeft {
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  /** Open, and closing in under 72 hours. */
  readonly closingSoon: boolean;
}

/**
 * docs/behaviour.md#applications: the time until a period closes, in whole minutes rounded up (so "0 minutes"
 * is never shown while it is open), split into days, hours and minutes; all zero once closed.
 */
export function timeLeft(period: PeriodTimes, now: Date): TimeLeft {
  const left = Math.max(0, time(period.closesAt) - now.getTime());
  const minutes = Math.ceil(left / 60_000);
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
    closingSoon: closingSoon(period, now),
  };
}

/** Whether a period is open and closes in under 72 hours. */
export const closingSoon = (period: PeriodTimes, now: Date) =>
  periodState(period, now) === 'open' && time(period.closesAt) - now.getTime() < closingSoonMs;

/**
 * docs/behaviour.md#applications, Periods: the next instant after `now` at which what the screens say of a
 * programme's periods changes (a period opens, starts closing soon, its time left drops by a minute, or it
 * closes), so that a screen left open re-renders then and no sooner; undefined when every period has closed.
 * The time left counts whole minutes rounded up, so it drops each time it reaches a whole number of minutes,
 * and the last drop is the close itself.
 */
export function nextPeriodChange(
  periods: readonly ProgrammePeriod[],
  programId: number,
  now: Date,
): Date | undefined {
  const at = now.getTime();
  const changes = periods
    .filter((p) => p.programId === programId)
    .flatMap((p) => {
      const opens = time(p.opensAt);
      const closes = time(p.closesAt);
      if (at < opens) return [opens];
      if (at >= closes) return [];
      const left = closes - at;
      // Closing soon is under 72 hours: from one millisecond after the 72 hours before the close.
      if (left >= closingSoonMs) return [closes - closingSoonMs + 1];
      return [closes - (Math.ceil(left / 60_000) - 1) * 60_000];
    });
  return changes.length > 0 ? new Date(Math.min(...changes)) : undefined;
}
