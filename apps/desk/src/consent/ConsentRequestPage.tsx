import {
  ConsentAnswer,
  ConsentRequestView,
  rightsOf,
  type ActionResult,
  type ConsentDecision,
} from '@pre-admission/desk';
import { useLocale } from '@pre-admission/i18n';
import { Button, LoadingIndicator, heading, paragraph, Link } from '@pre-admission/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { useStaffSession } from '../session/StaffSessionProvider';
import { useStaffApi } from '../StaffApiContext';
import { useDeskLists } from '../applications/deskLists';
import { actionFailure, handledBySession } from '../applications/staffFailures';
import { deskPaths } from '../routing/paths';
import { consentListKey } from './ConsentRequestsPage';

export const consentRequestKey = (id: string) => ['staff-consent-request', id] as const;

/**
 * `/desk/consent/:requestId`: a consent request (packages/desk ConsentRequestView) on getConsentRequest, the
 * research plan's link to getConsentResearchPlan, and the answer (ConsentAnswer, for the supervisor named)
 * through decideConsentRequest, after which the request and the list are read again. A request the member may
 * not see is said as one that is not there.
 */
export function ConsentRequestPage() {
  const intl = useIntl();
  const api = useStaffApi();
  const session = useStaffSession();
  const queries = useQueryClient();
  const { locale } = useLocale();
  const { requestId = '' } = useParams();
  const lists = useDeskLists(api.baseUrl, locale);

  const query = useQuery({
    queryKey: consentRequestKey(requestId),
    queryFn: async () => {
      const outcome = await api.getConsentRequest(requestId);
      if (outcome.ok) return { found: true as const, request: outcome.data };
      // Another teacher's request answers as an unknown one; a role that reads none is told the same way.
      if (outcome.failure === 'consentRequestNotFound' || outcome.failure === 'roleRefused')
        return { found: false as const };
      if (handledBySession(outcome, session)) return null;
      throw outcome.error;
    },
  });

  const refresh = async () => {
    await Promise.all([
      queries.invalidateQueries({ queryKey: consentRequestKey(requestId) }),
      queries.invalidateQueries({ queryKey: consentListKey }),
    ]);
  };
  const onDecide = async (decision: ConsentDecision): Promise<ActionResult> => {
    try {
      const outcome = await api.decideConsentRequest(requestId, decision);
      if (outcome.ok) {
        await refresh();
        return undefined;
      }
      if (handledBySession(outcome, session)) return 'unavailable';
      return actionFailure(outcome);
    } catch (error) {
      console.error('[desk] A consent answer failed.', error);
      return 'unavailable';
    }
  };

  if (query.isPending || query.data === null || lists.isPending)
    return <LoadingIndicator label={intl.formatMessage({ id: 'desk.console.loading' })} />;
  if (query.isError || lists.isError)
    return (
      <>
        <h1 className={heading}>{intl.formatMessage({ id: 'desk.console.consentFailed' })}</h1>
        <p className={paragraph}>{intl.formatMessage({ id: 'desk.error.unexpected' })}</p>
        <div>
          <Button variant="secondary" onPress={() => void query.refetch()}>
            {intl.formatMessage({ id: 'desk.consent.failure.reload' })}
          </Button>
        </div>
      </>
    );
  if (!query.data.found)
    return (
      <>
        <h1 className={heading}>{intl.formatMessage({ id: 'desk.console.consentNotFound' })}</h1>
        <p className={paragraph}>{intl.formatMessage({ id: 'desk.consent.failure.notFound' })}</p>
        <Link href={deskPaths.consent}>{intl.formatMessage({ id: 'desk.console.nav.consent' })}</Link>
      </>
    );
  const { request } = query.data;
  return (
    <ConsentRequestView
      request={request}
      lists={lists.data}
      listHref={deskPaths.consent}
      // A whole URL: the API's path is the site's, not the console's router's (which would put /desk/ first).
      researchPlanHref={`${location.origin}${api.consentResearchPlanUrl(request.id)}`}
      answer={
        session.state.status === 'signedIn' && (
          <ConsentAnswer
            request={request}
            lists={lists.data}
            locale={locale}
            rights={rightsOf(session.state.session.role)}
            onDecide={onDecide}
            onReload={() => void refresh()}
          />
        )
      }
    />
  );
}
