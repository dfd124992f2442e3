import {
  matchRoute,
  normalizePath,
  routes,
  secondFactorRoute,
  signedOutSegments,
} from '@pre-admission/account/routes';
import type { SessionStatus } from '../session/sessionMachine';

/**
 * docs/behaviour.md#routes: the paths a signed-out or terminated visitor may see. "/" itself, and every path
 * whose first segment starts with the first segment of a route that is not signed-in only (routeTable's
 * `access`; so /registrations-request and /registrations/{id} both count). A signed-in only route is never
 * one of them, whatever its first segment (/sign-in-and-security starts as /sign-in/second-step does).
 */
export function isPublicPath(path: string): boolean {
  const normalized = normalizePath(path);
  if (normalized === routes.signIn) return true;
  if (matchRoute(normalized)?.route.access === 'signedIn') return false;
  const first = normalized.slice(1);
  return signedOutSegments.some((segment) => first.startsWith(segment));
}

/** What the session says beyond its status. */
export interface SessionFacts {
  /** docs/security.md#second-factor: the account must add a passkey or the authenticator app first. */
  readonly secondFactorRequired?: boolean;
}

/**
 * The redirects of docs/behaviour.md#routes: signed in at a `public` route (/) goes to /applications; signed
 * out or terminated, any non-public route goes to / (a path that is no route stays: Not Found). Null means stay. While loading nothing redirects (the
 * loading indicator, or a prerendered page, stands in for the routes). While the account must add a second
 * factor, every signed-in route (and /) shows the Sign-in and security page, which says why.
 */
export function redirectFor(path: string, status: SessionStatus, facts: SessionFacts = {}): string | null {
  const normalized = normalizePath(path);
  if (status === 'signedIn') {
    const access = matchRoute(normalized)?.route.access;
    if (facts.secondFactorRequired && normalized !== secondFactorRoute)
      if (access === 'signedIn' || access === 'public') return secondFactorRoute;
    return access === 'public' ? routes.applications : null;
  }
  if (status === 'signedOut' || status === 'terminated') {
    // No route at all (a mistyped address): the Not Found page, as the server's 404 says, never the sign-in
    // page as if the address had been a page to sign in for (issue 39 item 8).
    if (!matchRoute(normalized)) return null;
    return isPublicPath(normalized) ? null : routes.signIn;
  }
  return null;
}
