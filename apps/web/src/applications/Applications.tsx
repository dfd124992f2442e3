import { routes } from '@pre-admission/account/routes';
import type { Api } from '@pre-admission/api';
import {
  ApplicationScreen,
  ApplicationsOverview,
  DocumentsSection,
  isApplicationId,
  isPageName,
  Planner,
  taskNames,
  type TaskName,
} from '@pre-admission/planner';
import { NotFound } from '@pre-admission/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useReportError } from '../failures/FailureBoundary';
import { queryClient, referenceQuery } from '../referenceData/queries';
import { useSession } from '../session/SessionProvider';
import { usePageReady } from '../startup/pageReady';

const isTask = (value: string): value is TaskName => (taskNames as readonly string[]).includes(value);

/**
 * /applications and /applications/:task (docs/behaviour.md#planner): the applicant's application plan; and
 * /applications/:applicationId and /applications/:applicationId/:page (docs/behaviour.md#routes,
 * Applications): an application's task list and pages. One chunk of their own (loaded on these routes only,
 * never at idle on the sign-in page). The open task or page is the address's: the screens open one by
 * navigating, so Back, Forward and a reload keep it. An id (22 characters of base64url) is told from a
 * task's name by its form. The lists come from the app's one reference-data cache; a call without a session
 * signs out here and goes to `/`, as every signed-in call does (a planner draft stays for the same
 * applicant's next sign-in: the header's sign-out drops it, useAccountContext).
 */
export default function Applications({ api }: { api: Api }) {
  const navigate = useNavigate();
  const { task, applicationId, page } = useParams();
  // A page's field to focus (a missing answer's link on "Check your answers"): the address's fragment.
  const { hash } = useLocation();
  const { state, signedOut, check } = useSession();
  const reportError = useReportError();
  const pageReady = usePageReady();
  const onNoSession = useCallback(() => {
    startTransition(() => {
      signedOut();
      navigate(routes.signIn);
    });
  }, [navigate, signedOut]);
  const email = state.status === 'signedIn' ? state.email : undefined;
  // docs/security.md#second-factor: the session's re-read makes the app's redirect to Sign-in and security.
  const onSecondFactorRequired = () => void check();

  // An application: its task list (/applications/{id}) or one of its pages.
  const application = applicationId ?? (task !== undefined && isApplicationId(task) ? task : undefined);
  if (application !== undefined) {
    if (!isApplicationId(application) || (page !== undefined && !isPageName(page)))
      return <NotFound homeHref={routes.applications} />;
    return (
      <QueryClientProvider client={queryClient}>
        <ApplicationScreen
          api={api}
          referenceQuery={referenceQuery}
          applicationId={application}
          page={page}
          field={hash.length > 1 ? hash.slice(1) : undefined}
          hrefOf={(next) =>
            next ? routes.applicationPage(application, next) : routes.applicationsTask(application)
          }
          navigate={navigate}
          planHref={routes.applications}
          privacyHref={routes.privacy}
          changeEmailHref={routes.emailChangeRequest}
          email={email}
          onNoSession={onNoSession}
          onSecondFactorRequired={onSecondFactorRequired}
          reportError={reportError}
          onReady={pageReady}
          documents={(props) => <DocumentsSection {...props} />}
        />
      </QueryClientProvider>
    );
  }

  if (task !== undefined && !isTask(task)) return <NotFound homeHref={routes.applications} />;
  return (
    <QueryClientProvider client={queryClient}>
      <Planner
        api={api}
        referenceQuery={referenceQuery}
        onNoSession={onNoSession}
        onSecondFactorRequired={onSecondFactorRequired}
        reportError={reportError}
        onReady={pageReady}
        href={routes.applications}
        taskHref={routes.applicationsTask}
        task={task}
        navigate={navigate}
        draftOwner={email}
        applicationHref={routes.applicationsTask}
        // Above the plan: the applicant's applications, each linking to its own pages.
        applications={(lists) => (
          <ApplicationsOverview
            api={api}
            lists={lists}
            applicationHref={routes.applicationsTask}
            // With none yet, its way forward is the plan's summary, whose button starts one.
            planHref={routes.applicationsTask('summary')}
            navigate={navigate}
            onNoSession={onNoSession}
            onSecondFactorRequired={onSecondFactorRequired}
            reportError={reportError}
            headingLevel={2}
          />
        )}
      />
    </QueryClientProvider>
  );
}
