import { routes } from '@pre-admission/account/routes';
import type { Api } from '@pre-admission/api';
import { Planner, taskNames, type TaskName } from '@pre-admission/planner';
import { NotFound } from '@pre-admission/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useReportError } from '../failures/FailureBoundary';
import { queryClient, referenceQuery } from '../referenceData/queries';
import { useSession } from '../session/SessionProvider';
import { usePageReady } from '../startup/pageReady';

const isTask = (value: string): value is TaskName => (taskNames as readonly string[]).includes(value);

/**
 * /applications and /applications/:task (docs/behaviour.md#planner): the applicant's application plan, its
 * own chunk (loaded on these routes only, never at idle on the sign-in page). The open task is the
 * address's: the planner opens a task by navigating, so Back, Forward and a reload keep it. Its lists come
 * from the app's one reference-data cache; a plan call without a session signs out here and goes to `/`, as
 * every signed-in call does (a draft stays for the same applicant's next sign-in: the header's sign-out
 * drops it, useAccountContext).
 */
export default function Applications({ api }: { api: Api }) {
  const navigate = useNavigate();
  const { task } = useParams();
  const { state, signedOut, check } = useSession();
  const reportError = useReportError();
  const pageReady = usePageReady();
  const onNoSession = useCallback(() => {
    startTransition(() => {
      signedOut();
      navigate(routes.signIn);
    });
  }, [navigate, signedOut]);
  if (task !== undefined && !isTask(task)) return <NotFound homeHref={routes.applications} />;
  return (
    <QueryClientProvider client={queryClient}>
      <Planner
        api={api}
        referenceQuery={referenceQuery}
        onNoSession={onNoSession}
        // docs/security.md#second-factor: the session's re-read makes the app's redirect to Sign-in and security.
        onSecondFactorRequired={() => void check()}
        reportError={reportError}
        onReady={pageReady}
        href={routes.applications}
        taskHref={routes.applicationsTask}
        task={task}
        navigate={navigate}
        draftOwner={state.status === 'signedIn' ? state.email : undefined}
      />
    </QueryClientProvider>
  );
}
