import type { IntlShape } from 'react-intl';

/** The university's time zone: periods open and close, and submissions are dated, in Japan time. */
export const japanTimeZone = 'Asia/Tokyo';

/** The browser's own time zone (the applicant's), or Japan's where the browser does not say. */
export function ownTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || japanTimeZone;
  } catch {
    return japanTimeZone;
  }
}

const dateTime = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const;

/** An instant in Japan time, with the weekday: 「2027年1月15日(金) 17:00」, "Fri, 15 January 2027, 17:00". */
export const inJapan = (intl: IntlShape, at: Date): string =>
  intl.formatDate(at, { ...dateTime, timeZone: japanTimeZone });

/** An instant in another time zone, with the zone's name: "Fri, 15 January 2027, 08:00 GMT". */
export const inZone = (intl: IntlShape, at: Date, timeZone: string): string =>
  intl.formatDate(at, { ...dateTime, timeZone, timeZoneName: 'short' });

/** Whether a time zone shows the same clock as Japan's at an instant (so its line would repeat Japan's). */
export function sameAsJapan(at: Date, timeZone: string): boolean {
  const clock = (zone: string) => new Intl.DateTimeFormat('en', { ...dateTime, timeZone: zone }).format(at);
  try {
    return clock(timeZone) === clock(japanTimeZone);
  } catch {
    return true;
  }
}

/** This month in Japan, `YYYY-MM` (openapi.yaml YearMonth). */
export function japanMonth(now: Date): string {
  const parts = new Intl.DateTimeFormat('en', { year: 'numeric', month: '2-digit', timeZone: japanTimeZone })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}`;
}
