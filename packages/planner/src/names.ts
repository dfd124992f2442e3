import type { IntlShape } from 'react-intl';
import type { Locale } from '@pre-admission/i18n';
import type { Country, Plan, RankedUniversity } from '@pre-admission/api';
import type { PlannerLists } from './model';

/** An item's name in the current language: `nameJa` / `name` (teachers and departments: `name` / `nameEn`). */
export function nameIn(locale: Locale, item: { name: string; nameJa: string }): string {
  return locale === 'ja' ? item.nameJa : item.name;
}

/** A teacher: their name in the current language, the other language after it. */
export function teacherName(locale: Locale, teacher: { name: string; nameEn: string }): string {
  return locale === 'ja' ? `${teacher.name}（${teacher.nameEn}）` : `${teacher.nameEn} (${teacher.name})`;
}

/**
 * Each country's name in the current language, told apart where two share it (issue 38 item 6: the list's
 * English names have two "Congo"s): those get their ISO 3166 alpha-3 code after the name, "Congo (COG)",
 * "Congo (COD)", so the applicant can choose the right one. By id.
 */
export function countryNames(
  countries: readonly Pick<Country, 'id' | 'name' | 'nameJa' | 'alpha3Code'>[],
  intl: IntlShape,
): ReadonlyMap<number, string> {
  const locale = intl.locale as Locale;
  const count = new Map<string, number>();
  for (const country of countries) {
    const name = nameIn(locale, country);
    count.set(name, (count.get(name) ?? 0) + 1);
  }
  return new Map(
    countries.map((country) => {
      const name = nameIn(locale, country);
      return [
        country.id,
        (count.get(name) ?? 0) > 1
          ? intl.formatMessage({ id: 'planner.country.withCode' }, { name, code: country.alpha3Code })
          : name,
      ];
    }),
  );
}

/**
 * The countries sorted by their name in the current language, each with that name (told apart where two
 * share it): the options of a country select.
 */
export function countryOptions(
  countries: readonly Pick<Country, 'id' | 'name' | 'nameJa' | 'alpha3Code'>[],
  intl: IntlShape,
): Array<{ id: number; name: string }> {
  const names = countryNames(countries, intl);
  return countries
    .map((country) => ({ id: country.id, name: names.get(country.id) ?? '' }))
    .sort((a, b) => a.name.localeCompare(b.name, intl.locale === 'ja' ? 'ja' : 'en'));
}

/**
 * A ranked university's name: the lists have it in English only, which the Japanese page says rather than
 * pass it off as a Japanese name (issue 38 item 6): 「Peking University（英語名のみ）」.
 */
export function universityName(intl: IntlShape, university: Pick<RankedUniversity, 'name'>): string {
  return intl.locale === 'ja'
    ? intl.formatMessage({ id: 'planner.university.englishOnly' }, { name: university.name })
    : university.name;
}

/** The names of a plan's choices, for the task list, the summary and the notices. */
export function choiceNames(lists: PlannerLists, plan: Plan, intl: IntlShape) {
  const locale = intl.locale as Locale;
  const find = <Item extends { id: number }>(items: readonly Item[], id: number | undefined) =>
    id === undefined ? undefined : items.find((item) => item.id === id);
  const programme = find(
    lists.programs.flatMap((group) => group.options),
    plan.programId,
  );
  const teacher = find(lists.teachers, plan.teacherId);
  const course = teacher && find(lists.courses, teacher.courseId);
  const scholarship = find(lists.scholarshipTypes, plan.scholarshipTypeId);
  const scholarshipStatus = find(lists.scholarshipStatuses, plan.scholarshipStatusId);
  const financialSupport = find(lists.scholarshipFinancialSupports, plan.financialSupportId);
  const country = find(lists.countries, plan.countryId);
  const university = find(lists.rankedUniversities, plan.universityId);
  return {
    programme: programme && nameIn(locale, programme),
    teacher: teacher && teacherName(locale, teacher),
    course: course && nameIn(locale, course),
    scholarship: scholarship && nameIn(locale, scholarship),
    scholarshipStatus: scholarshipStatus && nameIn(locale, scholarshipStatus),
    financialSupport: financialSupport && nameIn(locale, financialSupport),
    country: country && countryNames(lists.countries, intl).get(country.id),
    university: university && universityName(intl, university),
  };
}
