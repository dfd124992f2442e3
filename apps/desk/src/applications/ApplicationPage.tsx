import { ApplicationActions, ApplicationView, rightsOf, type ActionResult } from '@pre-admission/desk';
import type {
  DecisionRequest,
  NewNote,
  ReturnForChanges,
  ScreeningOutcomeRequest,
} from '@pre-admission/api/staff';
import { useLocale } from '@pre-admission/i18n';
import { Button, LoadingIndicator, heading, paragraph, Link } from '@pre-admission/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router-dom';
import { useStaffSession } from '../session/StaffSessionProvider';
import { useStaffApi } from '../StaffApiContext';
import { useDeskLists } from './deskLists';
import { filtersFromSearch, searchOfFilters } from './filters';
import { actionFailure, handledBySession } from './staffFailures';
import { applicationsPath } from '../routing/paths';

export const applicationKey = (id: string) => ['staff-application', id] as const;

/** The desk's actions on the application, as packages/desk's ApplicationActions takes them. */
interface ApplicationActionCalls {
  onReturn: (request: ReturnForChanges) => Promise<ActionResult>;
  onDecide: (request: DecisionRequest) => Promise<ActionResult>;
  onAddNote: (note: NewNote) => Promise<ActionResult>;
  onRecordScreening: (request: ScreeningOutcomeRequest) => Promise<ActionResult>;
  onReload: () => void;
}

/**
 * `/desk/applications/:applicationId`: the application (packages/desk ApplicationView) on
 * getStaffApplication, with the list's address it came from (`?list=`) for the way back; the actions
 * (packages/desk's ApplicationActions, by the role's rights) call returnApplicationForChanges,
 * recordApplicationDecision, recordScreeningOutcome and addApplicationNote, then read the application and the list again. An
 * application the role may not see is said as one that is not there.
 */
export function ApplicationPage() {
  const intl = useIntl();
  const api = useStaffApi();
  const session = useStaffSession();
  const queries = useQueryClient();
  const { locale } = useLocale();
  const { applicationId = '' } = useParams();
  const [search] = useSearchParams();
  const listSearch = searchOfFilters(
    filtersFromSearch(new URLSearchParams(search.get('list') ?? '')),
  ).toString();
  const listHref = applicationsPath(listSearch);
  const lists = useDeskLists(api.baseUrl, locale);

  const query = useQuery({
    queryKey: applicationKey(applicationId),
    queryFn: async () => {
      const outcome = await api.getStaffApplication(applicationId);
      if (outcome.ok) return { found: true as const, application: outcome.data };
      if (outcome.failure === 'applicationNotFound') return { found: false as const };
      if (handledBySession(outcome, session)) return null;
      throw outcome.error;
    },
  });

  const refresh = async () => {
    await Promise.all([
      queries.invalidateQueries({ queryKey: applicationKey(applicationId) }),
      queries.invalidateQueries({ queryKey: ['staff-applications'] }),
    ]);
  };
  /** An action's call: done (then the application and the list are read again), or why not. */
  const act = async <Outcome extends { ok: boolean }>(
    call: () => Promise<Outcome>,
  ): Promise<ActionResult> => {
    try {
      const outcome = await call();
      if (outcome.ok) {
        await refresh();
        return undefined;
      }
      const failed = outcome as unknown as Parameters<typeof actionFailure>[0];
      if (handledBySession(failed, session)) return 'unavailable';
      return actionFailure(failed);
    } catch (error) {
      console.error('[desk] An action failed.', error);
      return 'unavailable';
    }
  };
  const calls: ApplicationActionCalls = {
    onReturn: (request) => act(() => api.returnApplicationForChanges(applicationId, request)),
    onDecide: (request) => act(() => api.recordApplicationDecision(applicationId, request)),
    onAddNote: (note) => act(() => api.addApplicationNote(applicationId, note)),
    onRecordScreening: (request) => act(() => api.recordScreeningOutcome(applicationId, request)),
    onReload: () => void refresh(),
  };

  if (query.isPending || query.data === null || lists.isPending)
    return <LoadingIndicator label={intl.formatMessage({ id: 'desk.console.loading' })} />;
  if (query.isError || lists.isError)
    return (
      <>
        <h1 className={heading}>{intl.formatMessage({ id: 'desk.console.applicationFailed' })}</h1>
        <p className={paragraph}>{intl.formatMessage({ id: 'desk.error.unexpected' })}</p>
        <div>
          <Button variant="secondary" onPress={() => void query.refetch()}>
            {intl.formatMessage({ id: 'desk.failure.reload' })}
          </Button>
        </div>
      </>
    );
  if (!query.data.found)
    return (
      <>
        <h1 className={heading}>{intl.formatMessage({ id: 'desk.console.applicationNotFound' })}</h1>
        <p className={paragraph}>{intl.formatMessage({ id: 'desk.failure.notFound' })}</p>
        <Link href={listHref}>{intl.formatMessage({ id: 'desk.console.nav.applications' })}</Link>
      </>
    );
  const { application } = query.data;
  return (
    <ApplicationView
      application={application}
      lists={lists.data}
      locale={locale}
      listHref={listHref}
      // Whole URLs: the API's paths are the site's, not the console's router's (which would put /desk/ first).
      documentHref={(documentId) => `${location.origin}${api.staffDocumentUrl(application.id, documentId)}`}
      previewHref={(documentId) =>
        `${location.origin}${api.staffDocumentPreviewUrl(application.id, documentId)}`
      }
      archiveHref={`${location.origin}${api.staffDocumentsArchiveUrl(application.id)}`}
      actions={
        session.state.status === 'signedIn' && (
          <ApplicationActions
            application={application}
            lists={lists.data}
            rights={rightsOf(session.state.session.role)}
            {...calls}
          />
        )
      }
    />
  );
}
