import { matchRoute } from '@pre-admission/account/routes';
import { LoadingIndicator } from '@pre-admission/ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../session/SessionProvider';
import { redirectFor } from './redirects';

/**
 * The routes as the session allows them (docs/behaviour.md#routes): the loading indicator while the
 * session loads, then the redirects (redirects.ts), then the page.
 *
 * A prerendered page that the browser is hydrating is the exception to the loading indicator: its HTML is
 * already on screen, and replacing it with a spinner would only delay the applicant. Which pages those are
 * is the route table's `prerender` (@pre-admission/account/routes), which the build and the server's choice
 * of page (apps/api's webPages.ts) read too: a public page for visitors without a session cookie; for a
 * visitor with one, the app's shell (and so the loading indicator) on every route but /applications, whose
 * prerendered page is the planner's loading state. If their session has ended, the redirect below takes
 * them to `/` once the session is known, as it would from the loading indicator.
 */
export function SessionGate({ prerendered, children }: { prerendered: boolean; children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  if (session.state.status === 'loading' && !(prerendered && matchRoute(location.pathname)?.route.prerender))
    return <LoadingIndicator />;
  const secondFactorRequired = session.state.status === 'signedIn' && session.state.secondFactorRequired;
  const redirect = redirectFor(location.pathname, session.state.status, { secondFactorRequired });
  if (redirect) return <Navigate to={redirect} replace />;
  return children;
}
