import { createContext, useContext, type ReactNode } from 'react';
import type { Api } from '@pre-admission/api';

/** The session states of docs/behaviour.md#session, as the app tracks them. `email` is set when signed in. */
export interface AccountSession {
  readonly status: 'loading' | 'signedIn' | 'signedOut' | 'terminated';
  readonly email?: string;
  /** Set when signed out by the session timeout: after how many minutes without activity (sign-in says so). */
  readonly timedOutAfterMinutes?: number;
}

/** docs/behaviour.md#product: the announced maintenance stop; its notice shows on sign-in and registration until `end`. */
export interface MaintenanceWindow {
  readonly start: Date;
  readonly end: Date;
  /** The desk's own note on the stop in each language, shown under the dates (docs/operations.md#maintenance-windows). */
  readonly text?: { readonly ja: string; readonly en: string };
}

/** docs/behaviour.md#product: the notice shows until the end time passes (and never when no stop is planned). */
export function isMaintenanceNoticeVisible(now: Date, window: MaintenanceWindow | undefined): boolean {
  return window !== undefined && now.getTime() < window.end.getTime();
}

/** True when a new password is refused as too common for the account with this address. */
export type PasswordCheck = (password: string, email: string | undefined) => boolean;

export interface NavigateOptions {
  /** Replace the current history entry (used after a token is spent, so Back does not return to it). */
  readonly replace?: boolean;
}

/**
 * Everything the account screens need from the app. The screens never import the app or a router: the app
 * (or a story, or a test) hands this in once through `<AccountProvider value>`.
 */
export interface AccountContextValue {
  /** The adapter's operations, e.g. `createApi()` from `@pre-admission/api`. */
  readonly api: Api;
  /** Goes to one of `routes` (plain strings such as '/applications'). */
  readonly navigate: (to: string, options?: NavigateOptions) => void;
  /** The current session (docs/behaviour.md#session). Sign-in shows 'session was disconnected' while it is `terminated`. */
  readonly session: AccountSession;
  /** A sign-in succeeded: the app moves the session to signedIn. The screen then navigates to /applications. */
  readonly onSignedIn: (email: string) => void;
  /**
   * The session ended (log out, password change, email change activation): the app moves the session to
   * signedOut and runs its sign-out listeners. The server has already ended the session when this is called.
   */
  readonly onSignedOut: () => void;
  /**
   * A call answered that the account must add a second factor first (docs/security.md#second-factor): the app
   * re-reads the session (its `secondFactorRequired`); the screen goes to the Sign-in and security page.
   */
  readonly onSecondFactorRequired?: () => void;
  /** The maintenance stop to announce (docs/behaviour.md#product); leave out when none is planned. */
  readonly maintenance?: MaintenanceWindow;
  /** The clock, for the maintenance notice; defaults to `() => new Date()`. Stories pin it. */
  readonly now?: () => Date;
  /**
   * docs/security.md#common-passwords: loads the check that refuses a new password as too common (true) for the
   * applicant's address; the site passes a dynamic import of its list's module (apps/web's
   * useAccountContext.ts). Called only where a new password is typed, so the list stays off every other page's
   * load; until it has loaded, or without it, the server's 400 is the only check.
   */
  readonly loadPasswordCheck?: () => Promise<PasswordCheck>;
  /** The Pre-admission Support Desk's address, shown in the notes of the registration request. */
  readonly supportEmail: string;
  /**
   * A failure no screen maps (docs/behaviour.md#error-catalogue "other errors are rethrown"): an `ApiError` with a status, or a
   * `NetworkError` without. The app shows the unexpected-error or unsupported-browser screen.
   */
  readonly reportError: (error: unknown) => void;
}

const AccountContext = createContext<AccountContextValue | null>(null);

export interface AccountProviderProps {
  value: AccountContextValue;
  children: ReactNode;
}

/** Gives the account screens their API, navigation and session. Put it inside `LocaleProvider` and `UiProvider`. */
export function AccountProvider({ value, children }: AccountProviderProps) {
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

/** The account context; throws outside an `AccountProvider`, which is a programming error. */
export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('Account screens must be rendered inside <AccountProvider>.');
  return value;
}
