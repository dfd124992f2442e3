import { ConsentRequestsList, type ConsentListState } from '@pre-admission/desk';
import { useLocale } from '@pre-admission/i18n';
import { heading, paragraph } from '@pre-admission/ui';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useStaffSession } from '../session/StaffSessionProvider';
import { useStaffApi } from '../StaffApiContext';
import { useDeskLists } from '../applications/deskLists';
import { handledBySession } from '../applications/staffFailures';
import { consentRequestPath } from '../routing/paths';

/** The query key of the consent requests; an answer invalidates it. */
export const consentListKey = ['staff-consent-requests'] as const;

/**
 * `/desk/consent`: the supervisor's consent requests (packages/desk ConsentRequestsList) on
 * listConsentRequests: a supervisor's own, every one for the desk. A role that sees none (office, exchange)
 * is told so instead of a list that failed.
 */
export function ConsentRequestsPage() {
  const intl = useIntl();
  const api = useStaffApi();
  const session = useStaffSession();
  const { locale } = useLocale();
  const lists = useDeskLists(api.baseUrl, locale);
  const query = useQuery({
    queryKey: consentListKey,
    queryFn: async () => {
      const outcome = await api.listConsentRequests();
      if (outcome.ok) return { refused: false as const, requests: outcome.data.requests };
      if (outcome.failure === 'roleRefused') return { refused: true as const };
      if (handledBySession(outcome, session)) return null;
      throw outcome.error;
    },
  });
  if (query.data?.refused)
    return (
      <>
        <h1 className={heading}>{intl.formatMessage({ id: 'desk.consent.title' })}</h1>
        <p className={paragraph}>{intl.formatMessage({ id: 'desk.failure.refused' })}</p>
      </>
    );
  const state: ConsentListState =
    query.isPending || (query.data === null && !query.isError)
      ? { status: 'loading' }
      : query.isError || !query.data
        ? { status: 'failed', onRetry: () => void query.refetch() }
        : { status: 'loaded', requests: query.data.requests };
  return (
    <ConsentRequestsList
      state={state}
      lists={lists.data ?? { programmes: [] }}
      requestHref={consentRequestPath}
    />
  );
}
