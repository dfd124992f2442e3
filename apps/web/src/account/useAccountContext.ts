import type { AccountContextValue } from '@pre-admission/account/context';
import { routes } from '@pre-admission/account/routes';
import type { Api } from '@pre-admission/api';
import { forgetDraft } from '@pre-admission/planner/draft';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { supportEmail } from '../config/site';
import { useReportError } from '../failures/FailureBoundary';
import { chooseMaintenanceWindow, useMaintenanceWindows } from '../maintenance/maintenance';
import { useSession } from '../session/SessionProvider';

/**
 * What the account kit's screens get from the app (AccountContext), and the header's log out.
 * `renderedAt`: hydrating a prerendered page, its render time stands for the clock first (so the HTML
 * matches), then the real clock.
 */
export function useAccountContext(
  api: Api,
  renderedAt: Date | undefined,
): { account: AccountContextValue; logOut: () => Promise<void> } {
  const navigate = useNavigate();
  const session = useSession();
  const reportError = useReportError();

  const [hydrating, setHydrating] = useState(renderedAt !== undefined);
  useEffect(() => {
    if (hydrating) startTransition(() => setHydrating(false));
  }, [hydrating]);
  const clock = useMemo(
    () => (hydrating && renderedAt ? () => renderedAt : undefined),
    [hydrating, renderedAt],
  );

  // Read at run time, never baked into a prerendered page (none until the read answers, so hydration matches).
  const maintenanceWindows = useMaintenanceWindows(api, useLocation().pathname);
  const maintenance = useMemo(
    () => chooseMaintenanceWindow(maintenanceWindows, new Date()),
    [maintenanceWindows],
  );

  const { check, signedIn, signedOut } = session;
  const account = useMemo<AccountContextValue>(
    () => ({
      api,
      navigate: (to, options) => navigate(to, { replace: options?.replace }),
      session: session.state,
      // react-router applies a navigation in a transition. A screen that navigates and then signs in or
      // out (password change → completion page, then signed out) must have both land in one render, or
      // the redirect rules see the new session on the old route (signed out on /password-change → '/').
      onSignedIn: (email) => startTransition(() => signedIn(email)),
      onSignedOut: () => startTransition(() => signedOut()),
      // docs/security.md#second-factor: a call refused until a second factor is added; the check says so.
      onSecondFactorRequired: () => void check(),
      maintenance,
      now: clock,
      supportEmail,
      reportError,
      // docs/security.md#common-passwords: loaded only on the screens where a new password is typed.
      loadPasswordCheck: () =>
        import('@pre-admission/rules/commonPasswords').then((module) => module.isCommonPassword),
    }),
    [api, navigate, session.state, check, signedIn, signedOut, reportError, clock, maintenance],
  );

  const logOut = async () => {
    try {
      await api.signOut();
    } catch (error) {
      // No answer: the connection notice's "Try again" signs out again.
      reportError(error, () => void logOut());
      return;
    }
    // A sign-out on purpose ends the planner's and the applications' unsaved answers in this tab (a shared
    // computer); a timeout keeps them for the same applicant (docs/behaviour.md#planner, Drafts).
    forgetDraft();
    session.signedOut();
    navigate(routes.signIn);
  };

  return { account, logOut };
}
