import { LoadingIndicator } from '@pre-admission/ui';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useLocation } from 'react-router-dom';
import { useStaffSession } from '../session/StaffSessionProvider';
import { deskPaths, homePath } from './paths';

function Checking() {
  const intl = useIntl();
  return <LoadingIndicator label={intl.formatMessage({ id: 'desk.console.loading' })} />;
}

/**
 * The console's pages: only for a signed-in staff member who holds a second factor. Without a staff
 * session (an applicant's cookie is none) the sign-in page; without a second factor, its set-up.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { state } = useStaffSession();
  const location = useLocation();
  if (state.status === 'checking') return <Checking />;
  if (state.status !== 'signedIn')
    return <Navigate to={deskPaths.signIn} replace state={{ from: location }} />;
  if (state.session.secondFactorRequired) return <Navigate to={deskPaths.secondFactor} replace />;
  return children;
}

/** The second factor's set-up: only for a signed-in account that has none yet. */
export function RequireOnboarding({ children }: { children: ReactNode }) {
  const { state } = useStaffSession();
  if (state.status === 'checking') return <Checking />;
  if (state.status !== 'signedIn') return <Navigate to={deskPaths.signIn} replace />;
  if (!state.session.secondFactorRequired) return <Navigate to={homePath(state.session.role)} replace />;
  return children;
}

/** Sign-in and its second step: a signed-in member goes on to the console. */
export function SignedOutOnly({ children, step }: { children: ReactNode; step?: boolean }) {
  const { state } = useStaffSession();
  if (state.status === 'checking') return <Checking />;
  if (state.status === 'signedIn') return <Navigate to={homePath(state.session.role)} replace />;
  if (step && state.status !== 'secondStep') return <Navigate to={deskPaths.signIn} replace />;
  return children;
}

/** `/desk/` (where the staff mails link): the signed-in member's start page; else the sign-in, by the gates. */
export function Home() {
  const { state } = useStaffSession();
  if (state.status === 'checking') return <Checking />;
  const to = state.status === 'signedIn' ? homePath(state.session.role) : deskPaths.applications;
  return <Navigate to={to} replace />;
}
