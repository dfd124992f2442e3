import { matchRoute, type RouteName } from '@pre-admission/account/routes';
import { loadDialogModal, overlayPreloads } from '@pre-admission/ui';
import { applications } from '../routing/applicationsRoute';
import { quietly } from '../routing/prefetchOnIntent';
import { accountScreens } from '../routing/routeTable';

/** The idle work starts at the latest this long after the app (when the page never says it is ready). */
export const idleWorkFallbackMs = 8000;

/** Resolves in the browser's next idle period. */
export function idlePeriod(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 50);
  });
}

/**
 * Runs the tasks when the browser is idle, one per idle period, so that start-up work never delays the
 * first paint or holds the main thread for long (each import inserts its chunk's preload links, and a
 * slow phone takes a few milliseconds for each). Returns the cancel.
 */
function whenIdle(tasks: ReadonlyArray<() => unknown>): () => void {
  let cancelled = false;
  void (async () => {
    for (const task of tasks) {
      await idlePeriod();
      if (cancelled) return;
      task();
    }
  })();
  return () => {
    cancelled = true;
  };
}

type Load = () => Promise<unknown>;
const screenOf = (name: Exclude<RouteName, 'applications' | 'applicationsTask' | 'applicationPage'>): Load =>
  accountScreens[name].load;

/**
 * The screens one step ahead of a page, fetched at idle (docs/behaviour.md#start-up-loading): the sign-in
 * page's next steps are creating an account and resetting a password. Other links load on intent
 * (routing/prefetchOnIntent.ts).
 */
const aheadOf: Partial<Record<RouteName, readonly Load[]>> = {
  // And its privacy link's (1 kB): then every link of the page works offline, as a screen that cannot be
  // fetched gives the problem page (failures/FailureBoundary.tsx).
  signIn: [screenOf('registrationRequest'), screenOf('passwordResetRequest'), screenOf('privacy')],
};

/**
 * The screens a form's submission leads to, fetched as it is sent (while the server answers): the chunk is
 * there when the screen navigates. Signing in leads to the planner, or to the second step.
 */
export const afterSubmitOf: Partial<Record<RouteName, readonly Load[]>> = {
  signIn: [applications.load, screenOf('signInSecondStep')],
  signInSecondStep: [applications.load],
  registrationRequest: [screenOf('registrationRequestComplete')],
  registration: [screenOf('registrationComplete')],
  passwordResetRequest: [screenOf('passwordResetRequestComplete')],
  passwordReset: [screenOf('passwordResetComplete')],
  emailChangeRequest: [screenOf('emailChangeRequestComplete')],
  passwordChange: [screenOf('passwordChangeComplete')],
};

/**
 * Signed in, the account menu's everyday screens (about 2 kB): its links are only in view once the menu is
 * open, and an applicant who lost the connection should still reach them (the Sign-in and security page, the
 * largest, loads when its link is in view or followed).
 */
const fromAccountMenu: readonly Load[] = [screenOf('emailChangeRequest'), screenOf('passwordChange')];

const quietlyLater = (load: Load) => () => quietly(load());

/**
 * What a page fetches once it is on screen (pageReady.tsx), at idle time: the screens one step ahead of it
 * and the overlays it can open. Signed in, the account menu (and its everyday screens), the dialogs (the
 * session's end among them) and the toasts; signed out, the sign-in page's browsers dialog. Nothing else:
 * the other screens load when a link to them is in view or about to be followed, the other language when
 * its switch is, the reference lists with the screens that show them. Returns the cancel.
 */
export function startIdleWork(pathname: string, signedIn: boolean): () => void {
  const route = matchRoute(pathname)?.name;
  const overlays: readonly Load[] = signedIn ? overlayPreloads : route === 'signIn' ? [loadDialogModal] : [];
  return whenIdle(
    [...(route ? (aheadOf[route] ?? []) : []), ...overlays, ...(signedIn ? fromAccountMenu : [])].map(
      quietlyLater,
    ),
  );
}

/**
 * While the site is mounted, a form sent on a page fetches the screens its answer leads to (afterSubmitOf).
 * Returns the stop.
 */
export function watchSubmissions(root: HTMLElement, pathnameOf: () => string): () => void {
  const onSubmit = () => {
    const route = matchRoute(pathnameOf())?.name;
    for (const load of (route && afterSubmitOf[route]) || []) quietly(load());
  };
  root.addEventListener('submit', onSubmit, { capture: true });
  return () => root.removeEventListener('submit', onSubmit, { capture: true });
}
