import { ApplicationsList, type ApplicationFilters, type ListState } from '@pre-admission/desk';
import { useLocale } from '@pre-admission/i18n';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useStaffSession } from '../session/StaffSessionProvider';
import { useStaffApi } from '../StaffApiContext';
import { useDeskLists } from './deskLists';
import { filtersFromSearch, searchOfFilters } from './filters';
import { handledBySession } from './staffFailures';
import { applicationPath } from '../routing/paths';

/** The query key of one page of the list; an action invalidates every page (`['staff-applications']`). */
export const listKey = (filters: ApplicationFilters) => ['staff-applications', filters] as const;

/**
 * `/desk/applications`: the desk's list (packages/desk ApplicationsList) on listStaffApplications. The
 * filters, sort, search and page live in the address's query: a change is a new history entry (Back returns
 * to the list as it was) and the address can be shared.
 */
export function ApplicationsPage() {
  const api = useStaffApi();
  const session = useStaffSession();
  const { locale } = useLocale();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const lists = useDeskLists(api.baseUrl, locale);

  const query = useQuery({
    queryKey: listKey(filters),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const outcome = await api.listStaffApplications(filters);
      if (outcome.ok) return outcome.data;
      if (handledBySession(outcome, session)) return null;
      throw outcome.error;
    },
  });

  const onChange = (next: ApplicationFilters) => setSearch(searchOfFilters(next));
  const state: ListState =
    query.isPending || (query.data === null && !query.isError)
      ? { status: 'loading' }
      : query.isError || !query.data
        ? { status: 'failed', onRetry: () => void query.refetch() }
        : { status: 'loaded', list: query.data };
  const listSearch = searchOfFilters(filters).toString();
  return (
    <ApplicationsList
      filters={filters}
      onChange={onChange}
      state={state}
      lists={lists.data ?? { programmes: [], courses: [], periods: [], countries: [] }}
      applicationHref={(id) => applicationPath(id, listSearch)}
      // Whole URL: the API's path is the site's, not the console's router's (which would put /desk/ first).
      exportHref={`${location.origin}${api.staffApplicationsExportUrl(filters)}`}
    />
  );
}
