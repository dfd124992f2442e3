import type { StaffApi } from '@pre-admission/api/staff';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { signedInState, warningDelay, type StaffSessionState } from './staffSession';

export interface StaffSessionValue {
  state: StaffSessionState;
  /** A sign-in (or its second step) has started a session: read it. */
  signedIn: () => Promise<void>;
  /** The password was right; the second step is next. */
  secondStep: (email: string, methods: readonly string[]) => void;
  /** Sign-in must start again (the second step ran out, a recent sign-in is needed). */
  startAgain: () => void;
  /** A call answered 401/403: the session is gone. */
  lost: () => void;
  /** "Stay signed in": extends the session on the server. */
  extend: () => Promise<void>;
  /** A staff call succeeded (the server extended the session): read its new end, without extending it. */
  touched: () => void;
  signOut: () => Promise<void>;
}

const StaffSessionContext = createContext<StaffSessionValue | null>(null);

export function useStaffSession(): StaffSessionValue {
  const value = useContext(StaffSessionContext);
  if (!value) throw new Error('useStaffSession outside StaffSessionProvider');
  return value;
}

/**
 * The staff session (docs/security.md#staff): checked at start, timed by the server's answer (its own,
 * shorter idle time), the warning before the idle end as on the applicant's side (apps/web/src/session),
 * and at the end a check that signs out with "signed out after N minutes" unless the session was used
 * meanwhile. The check never extends the session; "Stay signed in" and every other staff call do.
 */
export function StaffSessionProvider({
  api,
  children,
  now = Date.now,
}: {
  api: StaffApi;
  children: ReactNode;
  now?: () => number;
}) {
  const [state, setState] = useState<StaffSessionState>({ status: 'checking' });
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  const apply = useCallback(
    (outcome: Awaited<ReturnType<StaffApi['getStaffSession']>>) => {
      if (outcome.ok) setState(signedInState(outcome.data, now()));
      else
        setState({ status: 'signedOut', ...(outcome.failure === 'terminated' ? { reason: 'ended' } : {}) });
    },
    [now],
  );

  const check = useCallback(
    () =>
      api.getStaffSession().then(apply, (error: unknown) => {
        console.error('[desk] The session check failed.', error);
        setState({ status: 'signedOut' });
      }),
    [api, apply],
  );

  useEffect(() => {
    void check();
  }, [check]);

  // The warning, then the end: at the end, a check (another tab, or a call, may have extended it).
  useEffect(() => {
    if (state.status !== 'signedIn') return;
    const timers: number[] = [];
    if (!state.warning)
      timers.push(
        window.setTimeout(
          () => setState((current) => (current === state ? { ...state, warning: true } : current)),
          warningDelay(state, now()),
        ),
      );
    const timedOut = () =>
      setState({
        status: 'signedOut',
        reason: 'timedOut',
        timedOutAfterMinutes: Math.round(state.session.idleTimeoutSeconds / 60),
      });
    timers.push(
      window.setTimeout(
        () => {
          api.getStaffSession().then(
            (outcome) => {
              if (stateRef.current !== state) return;
              // A session with time left was used meanwhile (another tab, a call); else it has ended.
              if (outcome.ok && outcome.data.expiresInSeconds > 0)
                setState(signedInState(outcome.data, now()));
              else timedOut();
            },
            () => {
              if (stateRef.current === state) timedOut();
            },
          );
        },
        Math.max(0, state.endsAt - now()),
      ),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [state, api, apply, now]);

  const value = useMemo<StaffSessionValue>(
    () => ({
      state,
      signedIn: check,
      secondStep: (email, methods) => setState({ status: 'secondStep', email, methods }),
      startAgain: () => setState({ status: 'signedOut', reason: 'again' }),
      lost: () => setState({ status: 'signedOut', reason: 'ended' }),
      extend: async () => apply(await api.extendStaffSession()),
      touched: () => {
        if (stateRef.current.status === 'signedIn') void check();
      },
      signOut: async () => {
        try {
          await api.staffSignOut();
        } finally {
          setState({ status: 'signedOut' });
        }
      },
    }),
    [state, check, apply, api],
  );
  return <StaffSessionContext.Provider value={value}>{children}</StaffSessionContext.Provider>;
}
