import { SessionTimeoutDialog } from '@pre-admission/account/session-timeout';
import { routes } from '@pre-admission/account/routes';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from './SessionProvider';

/**
 * The session-timeout warning's mount point (docs/behaviour.md#session): the kit's dialog while the machine
 * says `warning`, "Stay signed in" extends (in every tab), "Sign out" signs out; when the session has timed
 * out, the app goes to `/`, where the sign-in page says why.
 */
export function SessionTimeout({ onSignOut }: { onSignOut: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const { state, extend } = session;
  const timedOut = state.status === 'signedOut' && state.timedOutAfterMinutes !== undefined;
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!timedOut || handled.current === state) return;
    handled.current = state;
    navigate(routes.signIn, { replace: true });
  }, [timedOut, state, navigate]);
  if (state.status !== 'signedIn' || !state.timeout) return null;
  return (
    <SessionTimeoutDialog
      isOpen={state.warning === true}
      endsAt={state.timeout.endsAt}
      extendable={state.timeout.extendable}
      onStaySignedIn={() => void extend()}
      onSignOut={onSignOut}
    />
  );
}
