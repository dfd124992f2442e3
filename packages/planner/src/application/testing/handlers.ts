import { applicationStore, handlers, http } from '@pre-admission/api/mocks';
import type { components } from '@pre-admission/api/schema';
import { listHandlers } from '../../testing/handlers';
import {
  countryDetails,
  draftApplication,
  educationCertificateCategories,
  educationCertificateTypes,
  educationSystems,
  educationTypes,
  openPeriods,
  storyNow,
} from './fixtures';

type Schemas = components['schemas'];

/** The lists the application's later sections read, from the fixtures. */
const applicationListHandlers = [
  http.get('/api/country-details', ({ response }) => response(200).json(countryDetails)),
  http.get('/api/education-systems', ({ response }) => response(200).json(educationSystems)),
  http.get('/api/education-types', ({ response }) => response(200).json(educationTypes)),
  http.get('/api/education-certificate-categories', ({ response }) =>
    response(200).json(educationCertificateCategories),
  ),
  http.get('/api/education-certificate-types', ({ response }) =>
    response(200).json(educationCertificateTypes),
  ),
];

export interface ApplicationHandlerOptions {
  applications?: readonly Schemas['Application'][];
  periods?: readonly Schemas['ApplicationPeriod'][];
  /** In front of the others: a failing save, a pending read, … (the adapter's `applicationHandlers`). */
  first?: readonly unknown[];
}

/**
 * A story's handlers: the applications kept in memory by the adapter's store (saves, submissions with a
 * number, 409 when the period is closed) on the stories' clock, the fixture lists, then the default set.
 */
export function applicationStoryHandlers({
  applications = [draftApplication],
  periods = openPeriods,
  first = [],
}: ApplicationHandlerOptions = {}) {
  return [
    ...first,
    ...applicationStore({ applications, periods, now: () => storyNow }),
    ...applicationListHandlers,
    ...listHandlers,
    ...handlers,
  ];
}
