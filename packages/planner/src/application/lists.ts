import type { CountryDetail, SimpleItem } from '@pre-admission/api';
import { listNames, type PlannerLists } from '../model';

/**
 * The reference lists of an application's screens: the plan's (its choices are the plan's), and those of the
 * personal details and the education history. All from the app's one reference-data cache.
 */
export interface ApplicationScreenLists extends PlannerLists {
  readonly countryDetails: CountryDetail[];
  readonly educationSystems: SimpleItem[];
  readonly educationTypes: SimpleItem[];
  readonly educationCertificateCategories: SimpleItem[];
  readonly educationCertificateTypes: SimpleItem[];
}

export const applicationListNames = [
  ...listNames,
  'countryDetails',
  'educationSystems',
  'educationTypes',
  'educationCertificateCategories',
  'educationCertificateTypes',
] as const satisfies ReadonlyArray<keyof ApplicationScreenLists>;
