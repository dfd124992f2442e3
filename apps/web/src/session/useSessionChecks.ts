import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { clearReferenceData } from '../startup/idleWork';
import { useSession } from './SessionProvider';

/**
 * The session's ties to the router: every route change re-checks the session, so a session revoked
 * elsewhere is noticed (the provider makes the first check itself); a sign-out clears the reference data
 * the applicant saw (docs/behaviour.md#session).
 */
export function useSessionChecks(): void {
  const location = useLocation();
  const session = useSession();
  useEffect(() => session.onSignOut(clearReferenceData), [session]);
  const { check } = session;
  const firstPath = useRef(location.pathname);
  useEffect(() => {
    if (location.pathname === firstPath.current) return;
    firstPath.current = '';
    void check();
  }, [location.pathname, check]);
}
