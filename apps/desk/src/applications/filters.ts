import type { ApplicationFilters, SortOrder } from '@pre-admission/desk';

/** The list's sort orders (packages/desk's `sortOrders`; a type import keeps its styles out of node tests). */
const sortOrders = [
  '-submitted',
  'submitted',
  'reference',
  '-reference',
] as const satisfies readonly SortOrder[];

const statuses = ['submitted', 'underReview', 'returned', 'resubmitted', 'decided', 'withdrawn'] as const;
const kinds = ['researchStudent', 'master', 'doctoral', 'exchange'] as const;
const consentFilters = [
  'notRequired',
  'notAsked',
  'requested',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
] as const;
const positive = (value: string | null) =>
  value !== null && /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : undefined;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/**
 * The list's filters, sort, search and page from the address's query (`?status=returned&page=2`), so that
 * Back returns to the list as it was and a link can be shared. A value that is none of the list's (a link
 * edited by hand) is left out rather than sent to the server; the first page and the newest first are the
 * defaults and are never written.
 */
export function filtersFromSearch(search: URLSearchParams): ApplicationFilters {
  const filters: ApplicationFilters = {
    status: oneOf(statuses, search.get('status')),
    kind: oneOf(kinds, search.get('kind')),
    programme: positive(search.get('programme')),
    course: positive(search.get('course')),
    period: /^[a-z0-9][a-z0-9-]{0,62}$/.test(search.get('period') ?? '') ? search.get('period')! : undefined,
    nationality: positive(search.get('nationality')),
    consent: oneOf(consentFilters, search.get('consent')),
    q: search.get('q')?.trim().slice(0, 100) || undefined,
    sort: oneOf<SortOrder>(sortOrders, search.get('sort')),
    page: positive(search.get('page')),
  };
  if (filters.page !== undefined && filters.page > 10_000) filters.page = undefined;
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as ApplicationFilters;
}

/** The address's query for filters: only what differs from the defaults, in a fixed order. */
export function searchOfFilters(filters: ApplicationFilters): URLSearchParams {
  const search = new URLSearchParams();
  const keys = [
    'status',
    'kind',
    'programme',
    'course',
    'period',
    'nationality',
    'consent',
    'q',
    'sort',
    'page',
  ] as const;
  for (const key of keys) {
    const value = filters[key];
    if (value === undefined || value === '') continue;
    if (key === 'sort' && value === '-submitted') continue;
    if (key === 'page' && value === 1) continue;
    search.set(key, String(value));
  }
  return search;
}
