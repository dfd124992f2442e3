import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { clearReferenceData } from '../startup/referenceCache';
import { useSession } from './SessionProvider';

/**
 * The session's ties to the router: every route change re-checks the session, so a session revoked
 * elsewhere is noticed (the provider makes the first check itself); a signed-in applicant opening a page is
 * activity, so that check extends the session (docs/security.md#session-timeout); a sign-out clears the
 * reference data the applicant saw (docs/behaviour.md#session).
 */
export function useSessionChecks(): void {
  const location = useLocation();
  const session = useSession();
  useEffect(() => session.onSignOut(clearReferenceData), [session]);
  const { check, extend } = session;
  const signedIn = session.state.status === 'signedIn';
  const firstPath = useRef(location.pathname);
  useEffect(() => {
    if (location.pathname === firstPath.current) return;
    firstPath.current = '';
    void (signedIn ? extend() : check());
    // Only a route change asks: a change of the session alone must not extend it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, check, extend]);
}
