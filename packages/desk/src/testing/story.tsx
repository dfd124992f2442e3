import type { Decorator } from '@storybook/react-vite';
import type { MessageId } from '@pre-admission/i18n';
import { intlOf } from '@pre-admission/i18n/all';
import { consentAt, listPage, summaryAt } from './fixtures';
import type { ApplicationFilters, StaffApplicationList, StaffApplicationSummary } from '../model';

/**
 * The desk's page around a story: a main landmark as wide as the desk app's, or 360 px as on a phone
 * (`parameters.phone`).
 */
export const withDeskPage: Decorator = (Story, { parameters }) => (
  <main
    style={{
      boxSizing: 'border-box',
      padding: 16,
      width: (parameters as { phone?: boolean }).phone ? 360 : undefined,
      maxWidth: (parameters as { phone?: boolean }).phone ? undefined : 1100,
    }}
  >
    <Story />
  </main>
);

/** A message in the story's locale, as a test looks for it. */
export function storyText(globals: Record<string, unknown>) {
  const intl = intlOf(globals);
  return (id: MessageId, values: Record<string, string | number> = {}): string =>
    intl.formatMessage({ id }, values).replace(/\s+/g, ' ').trim();
}

/** The locale of a story (`ja`, `en`; the pseudo-locale formats as English). */
export const storyLocale = (globals: Record<string, unknown>) => intlOf(globals).locale;

/**
 * A desk's worth of applications (`size`), filtered and paged as the server does (status, kind, programme,
 * course, period, nationality, a reference or name part): what a story's list shows for its filters.
 */
export function filteredPage(filters: ApplicationFilters, size: number, pageSize = 25): StaffApplicationList {
  const q = filters.q?.normalize('NFKC').toLowerCase();
  const matching = Array.from({ length: size }, (_, n) => summaryAt(n)).filter(
    (a, n) =>
      (filters.consent === undefined || consentAt(n) === filters.consent) &&
      (filters.status === undefined || a.status === filters.status) &&
      (filters.kind === undefined || a.studentType === filters.kind) &&
      (filters.programme === undefined || a.programId === filters.programme) &&
      (filters.course === undefined || a.courseId === filters.course) &&
      (filters.period === undefined || a.periodId === filters.period) &&
      (filters.nationality === undefined || a.nationalityId === filters.nationality) &&
      (q === undefined ||
        [a.reference, a.familyName, a.givenNames, a.nameJa].some((text) => text?.toLowerCase().includes(q))),
  );
  const sort = filters.sort ?? '-submitted';
  const key = (a: StaffApplicationSummary) =>
    (sort.endsWith('reference') ? a.reference : a.submittedAt) ?? '';
  matching.sort((a, b) => key(a).localeCompare(key(b)) * (sort.startsWith('-') ? -1 : 1));
  const page = filters.page ?? 1;
  const full = listPage(matching.length, page, pageSize);
  return { ...full, applications: matching.slice((page - 1) * pageSize, page * pageSize) };
}
