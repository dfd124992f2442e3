// Calendar dates of the application's rules are those of Japan (UTC+9, no daylight saving): the university's.
const japanOffsetMs = 9 * 60 * 60 * 1000;

export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** The date in Japan at an instant. */
export function japanDate(now: Date): CalendarDate {
  const shifted = new Date(now.getTime() + japanOffsetMs);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A real `YYYY-MM-DD` date from 1900 on (so 2023-02-29 is none), or undefined. */
export function parseDate(text: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  return { year, month, day };
}

/** A `YYYY-MM` month as a count of months (openapi.yaml `YearMonth`: 1900-01 to 2099-12), or undefined. */
export function parseYearMonth(text: string): number | undefined {
  const match = /^(19|20)(\d{2})-(0[1-9]|1[0-2])$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]! + match[2]!) * 12 + Number(match[3]) - 1;
}

/** The month of an instant in Japan, counted as `parseYearMonth` counts. */
export function japanMonth(now: Date): number {
  const { year, month } = japanDate(now);
  return year * 12 + month - 1;
}

export const compareDates = (a: CalendarDate, b: CalendarDate) =>
  a.year - b.year || a.month - b.month || a.day - b.day;

/**
 * Whole years from `birth` to `on`: a year is complete on the same month and day (one born on 29 February
 * completes it on 1 March in a year without one).
 */
export function ageOn(birth: CalendarDate, on: CalendarDate): number {
  const beforeBirthday = on.month < birth.month || (on.month === birth.month && on.day < birth.day);
  return on.year - birth.year - (beforeBirthday ? 1 : 0);
}
