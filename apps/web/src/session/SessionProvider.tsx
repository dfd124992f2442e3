import type { Api } from '@pre-admission/api';
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
} from './sessionMachine';

export interface SessionContextValue {
  readonly state: SessionState;
  /** Re-checks the session with GET sessions/current. */
  readonly check: () => Promise<void>;
  readonly signedIn: (email: string) => void;
  /** The session ended here (log out, a flow that signs out): other tabs are told too. */
  readonly signedOut: () => void;
  /** docs/behaviour.md#session: runs when a signed-in applicant becomes signed out or terminated. Returns the unsubscribe. */
  readonly onSignOut: (listener: () => void) => () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

const channelName = 'pre-admission-session';
type ChannelMessage = 'signedOut' | 'signedIn';

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

  const check = useCallback(async () => {
    // The answer re-renders the whole site: in a transition, so that the render yields to the browser
    // every few milliseconds instead of holding the main thread (an applicant typing keeps typing).
    const settle = (event: SessionEvent) => startTransition(() => dispatch(event, false));
    try {
      const outcome = await api.getCurrentSession();
      if (outcome.ok) settle({ type: 'success', email: outcome.data.email });
      else if (outcome.failure === 'terminated') settle({ type: 'revoked' });
      // 401: the cookie is gone (signed out in another tab or window).
      else settle(current.current.status === 'signedIn' ? { type: 'signOut' } : { type: 'error' });
    } catch (error) {
      // A 5xx or a network failure: docs/behaviour.md#session signs a loading session out; a signed-in one stays.
      console.warn('The session check failed.', error);
      settle({ type: 'error' });
    }
  }, [api, dispatch]);

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
      channel.current.onmessage = (message: MessageEvent<ChannelMessage>) => {
        if (message.data === 'signedOut') dispatch({ type: 'signOut' }, false);
        else void check();
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
      signedIn: (email) => {
        dispatch({ type: 'success', email }, false);
        channel.current?.postMessage('signedIn' satisfies ChannelMessage);
      },
      signedOut: () => dispatch({ type: 'signOut' }, true),
      onSignOut: (listener) => {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
    }),
    [state, check, dispatch],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>.');
  return value;
}
