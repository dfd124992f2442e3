/** A date's parts as typed in the due date's inputs. */
export type DatePart = 'year' | 'month' | 'day';

/** A day as `YYYY-MM-DD` when the parts make a real date, else undefined. */
export function dayOf(value: Record<DatePart, string>): string | undefined {
  const { year, month, day } = value;
  if (!/^\d{4}$/.test(year) || month === '' || day === '') return undefined;
  const text = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : undefined;
}
