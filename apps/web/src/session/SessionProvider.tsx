import type { Api, CurrentSession } from '@pre-admission/api';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { sessionCheckIntervalMs } from '../config/site';
import {
  initialSession,
  leftSignedIn,
  nextSession,
  type SessionEvent,
  type SessionState,
  type SessionTimeout,
} from './sessionMachine';

export interface SessionContextValue {
  readonly state: SessionState;
  /** Re-checks the session with GET sessions/current (never extends it). */
  readonly check: () => Promise<void>;
  /** The applicant is there (a page opened, "Stay signed in"): POST sessions/current extends the session, in every tab. */
  readonly extend: () => Promise<void>;
  readonly signedIn: (email: string) => void;
  /** The session ended here (log out, a flow that signs out): other tabs are told too. */
  readonly signedOut: () => void;
  /** docs/behaviour.md#session: runs when a signed-in applicant becomes signed out or terminated. Returns the unsubscribe. */
  readonly onSignOut: (listener: () => void) => () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

const channelName = 'pre-admission-session';
type ChannelMessage =
  | 'signedOut'
  | 'signedIn'
  | { type: 'extended'; timeout: SessionTimeout }
  | { type: 'timedOut'; idleMinutes: number };

/**
 * When the session ends by this browser's clock: the server's time left counted from its answer, so a
 * wrong clock on the applicant's machine does not matter; tabs share this one value (docs/behaviour.md#session).
 */
function timeoutOf(session: CurrentSession): SessionTimeout {
  const endsAt = Date.now() + session.expiresInSeconds * 1000;
  return {
    endsAt,
    warningMs: session.warningSeconds * 1000,
    idleMinutes: Math.max(1, Math.round(session.idleTimeoutSeconds / 60)),
    extendable: Date.parse(session.expiresAt) < Date.parse(session.absoluteExpiresAt),
  };
}

export interface SessionProviderProps {
  api: Api;
  children: ReactNode;
}

/**
 * The session of docs/behaviour.md#session. It checks GET sessions/current at start, when the tab becomes visible or focused
 * again and every few minutes (the router also asks on every route change), and keeps tabs in step through
 * a BroadcastChannel.
 */
export function SessionProvider({ api, children }: SessionProviderProps) {
  const [state, setState] = useState<SessionState>(initialSession);
  // The server sent this page to a visitor without a session cookie (apps/api/src/web/webPages.ts): signed out,
  // nothing to ask until this tab or another signs in; asking was a 401 in the console of every signed-out
  // page (issue 39 item 9).
  const noSessionCookie = useRef(
    typeof document !== 'undefined' &&
      document.querySelector('meta[name="pre-admission-session"][content="none"]') !== null,
  );
  const current = useRef(state);
  const listeners = useRef(new Set<() => void>());
  const channel = useRef<BroadcastChannel | null>(null);

  const dispatch = useCallback((event: SessionEvent, tellOtherTabs: boolean) => {
    const previous = current.current;
    const next = nextSession(previous, event);
    if (next === previous) return;
    current.current = next;
    setState(next);
    if (leftSignedIn(previous, next)) {
      for (const listener of listeners.current) listener();
      if (tellOtherTabs) channel.current?.postMessage('signedOut' satisfies ChannelMessage);
    }
  }, []);

  // The same end, recomputed from a later answer, differs by the network's delay: keep the one the tabs
  // share, so a periodic check neither restarts the timers nor closes an open warning.
  const steady = useCallback((timeout: SessionTimeout): SessionTimeout => {
    const known = current.current.status === 'signedIn' ? current.current.timeout : undefined;
    return known && Math.abs(known.endsAt - timeout.endsAt) < 2000 && known.extendable === timeout.extendable
      ? known
      : timeout;
  }, []);

  const check = useCallback(async () => {
    // The answer re-renders the whole site: in a transition, so that the render yields to the browser
    // every few milliseconds instead of holding the main thread (an applicant typing keeps typing).
    const settle = (event: SessionEvent) => startTransition(() => dispatch(event, false));
    // As a 401 would: a loading session is signed out (docs/behaviour.md#session).
    if (noSessionCookie.current && current.current.status !== 'signedIn') return settle({ type: 'error' });
    try {
      const outcome = await api.getCurrentSession();
      if (outcome.ok)
        settle({
          type: 'success',
          email: outcome.data.email,
          timeout: steady(timeoutOf(outcome.data)),
          secondFactorRequired: outcome.data.secondFactorRequired,
        });
      else if (outcome.failure === 'terminated') settle({ type: 'revoked' });
      // 401: the cookie is gone (signed out in another tab or window).
      else settle(current.current.status === 'signedIn' ? { type: 'signOut' } : { type: 'error' });
    } catch (error) {
      // A 5xx or a network failure: docs/behaviour.md#session signs a loading session out; a signed-in one stays.
      console.warn('The session check failed.', error);
      settle({ type: 'error' });
    }
  }, [api, dispatch, steady]);

  const extend = useCallback(async () => {
    try {
      const outcome = await api.extendSession();
      if (outcome.ok) {
        const timeout = timeoutOf(outcome.data);
        startTransition(() => {
          dispatch(
            {
              type: 'success',
              email: outcome.data.email,
              timeout,
              secondFactorRequired: outcome.data.secondFactorRequired,
            },
            false,
          );
          dispatch({ type: 'extended', timeout }, false);
        });
        channel.current?.postMessage({ type: 'extended', timeout } satisfies ChannelMessage);
      } else if (outcome.failure === 'terminated') dispatch({ type: 'revoked' }, false);
      else dispatch(current.current.status === 'signedIn' ? { type: 'signOut' } : { type: 'error' }, false);
    } catch (error) {
      console.warn('The session could not be extended.', error);
      dispatch({ type: 'error' }, false);
    }
  }, [api, dispatch]);

  // docs/behaviour.md#session: the warning `warningMs` before the end, and at the end a last check (another
  // browser window may have extended it); if the end stands, the applicant is signed out here and in
  // every tab, with the reason.
  const timeout = state.status === 'signedIn' ? state.timeout : undefined;
  useEffect(() => {
    if (!timeout) return;
    const warnIn = timeout.endsAt - timeout.warningMs - Date.now();
    const warnTimer = window.setTimeout(() => dispatch({ type: 'warn' }, false), Math.max(0, warnIn));
    const endTimer = window.setTimeout(
      () => {
        void (async () => {
          const outcome = await api.getCurrentSession().catch(() => undefined);
          if (outcome?.ok && outcome.data.expiresInSeconds > 1) {
            const next = steady(timeoutOf(outcome.data));
            dispatch({ type: 'success', email: outcome.data.email, timeout: next }, false);
            return;
          }
          await api.signOut().catch(() => undefined);
          dispatch({ type: 'timedOut', idleMinutes: timeout.idleMinutes }, false);
          channel.current?.postMessage({
            type: 'timedOut',
            idleMinutes: timeout.idleMinutes,
          } satisfies ChannelMessage);
        })();
      },
      Math.max(0, timeout.endsAt - Date.now() + 500),
    );
    return () => {
      window.clearTimeout(warnTimer);
      window.clearTimeout(endTimer);
    };
  }, [timeout, api, dispatch, steady]);

  useEffect(() => {
    void check();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const onFocus = () => void check();
    const timer = window.setInterval(() => {
      if (current.current.status === 'signedIn') void check();
    }, sessionCheckIntervalMs);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onFocus);
    if (typeof BroadcastChannel !== 'undefined') {
      channel.current = new BroadcastChannel(channelName);
      channel.current.onmessage = ({ data }: MessageEvent<ChannelMessage>) => {
        if (data === 'signedOut') dispatch({ type: 'signOut' }, false);
        else if (data === 'signedIn') {
          // Another tab signed in: the browser has a session cookie now.
          noSessionCookie.current = false;
          void check();
        }
        // Another tab extended: the same end everywhere, and its warning closes here too.
        else if (data.type === 'extended') dispatch({ type: 'extended', timeout: data.timeout }, false);
        else dispatch({ type: 'timedOut', idleMinutes: data.idleMinutes }, false);
      };
    }
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onFocus);
      channel.current?.close();
      channel.current = null;
    };
  }, [check, dispatch]);

  const value = useMemo<SessionContextValue>(
    () => ({
      state,
      check,
      extend,
      signedIn: (email) => {
        noSessionCookie.current = false;
        dispatch({ type: 'success', email }, false);
        channel.current?.postMessage('signedIn' satisfies ChannelMessage);
      },
      signedOut: () => {
        // The server cleared the cookie: nothing to ask again until a sign-in.
        noSessionCookie.current = true;
        dispatch({ type: 'signOut' }, true);
      },
      onSignOut: (listener) => {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
    }),
    [state, check, extend, dispatch],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>.');
  return value;
}
