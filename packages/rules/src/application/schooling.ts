import type { StudentType } from '../types.ts';
import { parseYearMonth } from './dates.ts';
import type { ApplicationLists, EducationEntryAnswers, YearMonth } from './types.ts';

/** docs/behaviour.md#applications: the education types (`educationTypes` ids) that are university or graduate school. */
export const tertiaryEducationTypeIds: ReadonlySet<number> = new Set([4, 5, 6]);

/** The years of schooling before university entrance where a country has no country details. */
export const defaultYearsOfSchooling = 12;

/** A school year ends before the summer: a run of attendance at most this many months short of a year counts whole. */
const summerMonths = 3;

/**
 * docs/behaviour.md#applications: the years of schooling the education entries show. The months attended (from
 * `from` to `to`, both included; an entry without `to` until `until`, or only its first month without it) are
 * taken together, a month attended twice counting once; each unbroken run of months counts its whole years, a
 * run at most three months short of a year counting that year (a school year ending before the summer). When the
 * earliest entry is a university or graduate school, the schooling before it is added: the `yearsOfSchooling`
 * of that entry's country (its country details), or 12 where the country has none. Entries without a valid
 * `from`, or ending before they start, count nothing.
 */
export function schoolingYears(
  lists: Pick<ApplicationLists, 'countryDetails'>,
  entries: readonly EducationEntryAnswers[],
  until?: YearMonth,
): number {
  const end = until === undefined ? undefined : parseYearMonth(until);
  const months = new Set<number>();
  let earliest: { from: number; entry: EducationEntryAnswers } | undefined;
  for (const entry of entries) {
    const from = entry.from === undefined ? undefined : parseYearMonth(entry.from);
    if (from === undefined) continue;
    const to = entry.to === undefined ? (end ?? from) : parseYearMonth(entry.to);
    if (to === undefined || to < from) continue;
    for (let month = from; month <= to; month++) months.add(month);
    if (!earliest || from < earliest.from) earliest = { from, entry };
  }
  let years = 0;
  let run = 0;
  const sorted = [...months].sort((a, b) => a - b);
  sorted.forEach((month, index) => {
    run++;
    if (sorted[index + 1] !== month + 1) {
      years += Math.floor((run + summerMonths) / 12);
      run = 0;
    }
  });
  const typeId = earliest?.entry.educationTypeId;
  if (typeId !== undefined && tertiaryEducationTypeIds.has(typeId)) {
    const detail = lists.countryDetails.find((d) => d.countryId === earliest?.entry.countryId);
    years += detail?.yearsOfSchooling ?? defaultYearsOfSchooling;
  }
  return years;
}

/** docs/behaviour.md#applications: the years of schooling a kind of application asks for; none for exchange. */
export function requiredSchoolingYears(studentType: StudentType): number | undefined {
  switch (studentType) {
    case 'master':
    case 'researchStudent':
      return 16;
    case 'doctoral':
      return 18;
    case 'exchange':
      return undefined;
  }
}

export interface Schooling {
  readonly years: number;
  /** Undefined when the kind asks for none. */
  readonly required: number | undefined;
  readonly enough: boolean;
}

/**
 * docs/behaviour.md#applications: whether the education entries show the years of schooling the kind asks for.
 * Not enough is a warning to the applicant, never a refusal: eligibility is screened one by one.
 */
export function schooling(
  lists: Pick<ApplicationLists, 'countryDetails'>,
  studentType: StudentType,
  entries: readonly EducationEntryAnswers[],
  until?: YearMonth,
): Schooling {
  const years = schoolingYears(lists, entries, until);
  const required = requiredSchoolingYears(studentType);
  return { years, required, enough: required === undefined || years >= required };
}
