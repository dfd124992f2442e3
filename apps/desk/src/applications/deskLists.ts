import { createApi } from '@pre-admission/api';
import type { DeskLists, Named } from '@pre-admission/desk';
import type { Locale } from '@pre-admission/i18n';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

type Bilingual = { id: number; name: string; nameJa: string };
/** A list whose `name` is English and `nameJa` Japanese, in the page's language. */
const named = (items: readonly Bilingual[] | undefined, locale: Locale): Named[] =>
  (items ?? []).map(({ id, name, nameJa }) => ({ id, name: locale === 'ja' ? nameJa : name }));

const names = [
  'programs',
  'courses',
  'teachers',
  'countries',
  'applicationCertificateTypes',
  'supplementalMaterialTypes',
  'acceptorRejectReasons',
  'scholarshipTypes',
  'scholarshipStatuses',
  'scholarshipFinancialSupports',
  'rankedUniversities',
  'educationTypes',
  'educationSystems',
  'educationCertificateCategories',
  'educationCertificateTypes',
] as const;

/**
 * The reference data the desk's screens name things by (`DeskLists`), in the page's language: the public
 * reference lists in one request and the application periods, through React Query (kept while the console
 * is open; the lists change rarely).
 */
export function useDeskLists(baseUrl: string, locale: Locale) {
  const api = useMemo(() => createApi({ baseUrl }), [baseUrl]);
  return useQuery({
    queryKey: ['desk-lists'],
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const [lists, periods] = await Promise.all([
        api.fetchReferenceLists(names),
        api.listApplicationPeriods(),
      ]);
      return { lists, periods: periods.ok ? periods.data : [] };
    },
    select: ({ lists, periods }): DeskLists => ({
      programmes: lists.programs.flatMap((group) => named(group.options, locale)),
      courses: named(lists.courses, locale),
      teachers: lists.teachers.map(({ id, name, nameEn }) => ({ id, name: locale === 'ja' ? name : nameEn })),
      periods: periods.map((period) => ({ id: period.id, name: period.id })),
      countries: named(lists.countries, locale),
      documentTypes: {
        certificate: named(lists.applicationCertificateTypes, locale),
        material: named(lists.supplementalMaterialTypes, locale),
      },
      rejectReasons: named(lists.acceptorRejectReasons, locale),
      scholarships: named(lists.scholarshipTypes, locale),
      scholarshipStatuses: named(lists.scholarshipStatuses, locale),
      financialSupports: named(lists.scholarshipFinancialSupports, locale),
      universities: lists.rankedUniversities.map(({ id, name }) => ({ id, name })),
      educationTypes: named(lists.educationTypes, locale),
      educationSystems: named(lists.educationSystems, locale),
      certificateCategories: named(lists.educationCertificateCategories, locale),
      certificateTypes: named(lists.educationCertificateTypes, locale),
    }),
  });
}
