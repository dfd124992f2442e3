import type { RankedUniversity } from './types.ts';

/** The latest ranking year of the list ('_2025' after '_2022'), or undefined for an empty list. */
export function latestYearType(
  universities: readonly RankedUniversity[],
): RankedUniversity['yearType'] | undefined {
  let latest: RankedUniversity['yearType'] | undefined;
  for (const university of universities)
    if (latest === undefined || university.yearType > latest) latest = university.yearType;
  return latest;
}

/**
 * docs/behaviour.md#rules: the ranked universities of a country for the latest year type of the whole list,
 * best rank first (a university without a rank after the ranked ones), then by name.
 */
export function universitiesOf(
  universities: readonly RankedUniversity[],
  countryId: number,
): RankedUniversity[] {
  const yearType = latestYearType(universities);
  const rank = (u: RankedUniversity) => u.rank ?? Number.POSITIVE_INFINITY;
  return universities
    .filter((u) => u.yearType === yearType && u.countryId === countryId)
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'en') || a.id - b.id);
}
