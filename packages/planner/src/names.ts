import type { Locale } from '@pre-admission/i18n';
import type { Plan } from '@pre-admission/api';
import type { PlannerLists } from './model';

/** An item's name in the current language: `nameJa` / `name` (teachers and departments: `name` / `nameEn`). */
export function nameIn(locale: Locale, item: { name: string; nameJa: string }): string {
  return locale === 'ja' ? item.nameJa : item.name;
}

/** A teacher: their name in the current language, the other language after it. */
export function teacherName(locale: Locale, teacher: { name: string; nameEn: string }): string {
  return locale === 'ja' ? `${teacher.name}（${teacher.nameEn}）` : `${teacher.nameEn} (${teacher.name})`;
}

/** The names of a plan's choices, for the task list, the summary and the notices. */
export function choiceNames(lists: PlannerLists, plan: Plan, locale: Locale) {
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
    country: country && nameIn(locale, country),
    university: university?.name,
  };
}
