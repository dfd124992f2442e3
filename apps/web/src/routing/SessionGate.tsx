import { LoadingIndicator } from '@pre-admission/ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../session/SessionProvider';
import { redirectFor } from './redirects';
import { isPrerenderedPath } from './routeTable';

/**
 * The routes as the session allows them (docs/behaviour.md#routes): the loading indicator while the
 * session loads, then the redirects (redirects.ts), then the page.
 *
 * A prerendered public page that the browser is hydrating is the exception to the loading indicator: its
 * HTML is already on screen, the same for everyone signed out, and replacing it with a spinner would only
 * delay the applicant. A visitor with a session cookie never gets a prerendered page (apps/api's
 * webPages.ts sends them the app's shell), so `prerendered` is false for them and they see the loading
 * indicator on every route, `/` included.
 */
export function SessionGate({ prerendered, children }: { prerendered: boolean; children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  if (session.state.status === 'loading' && !(prerendered && isPrerenderedPath(location.pathname)))
    return <LoadingIndicator />;
  const redirect = redirectFor(location.pathname, session.state.status);
  if (redirect) return <Navigate to={redirect} replace />;
  return children;
}
