import { routes } from '@pre-admission/account/routes';
import type { Api } from '@pre-admission/api';
import { Planner } from '@pre-admission/planner';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useReportError } from '../failures/FailureBoundary';
import { queryClient, referenceQuery } from '../referenceData/queries';
import { useSession } from '../session/SessionProvider';
import { usePageReady } from '../startup/pageReady';

/**
 * /applications (docs/behaviour.md#planner): the applicant's application plan, its own chunk (loaded on this
 * route only, never at idle on the sign-in page). Its lists come from the app's one reference-data cache; a
 * plan call without a session signs out here and goes to `/`, as every signed-in call does.
 */
export default function Applications({ api }: { api: Api }) {
  const navigate = useNavigate();
  const { signedOut } = useSession();
  const reportError = useReportError();
  const pageReady = usePageReady();
  const onNoSession = useCallback(() => {
    startTransition(() => {
      signedOut();
      navigate(routes.signIn);
    });
  }, [navigate, signedOut]);
  return (
    <QueryClientProvider client={queryClient}>
      <Planner
        api={api}
        referenceQuery={referenceQuery}
        onNoSession={onNoSession}
        reportError={reportError}
        onReady={pageReady}
        href={routes.applications}
      />
    </QueryClientProvider>
  );
}
