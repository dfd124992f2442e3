import { matchRoute, normalizePath, routes, signedOutSegments } from '@pre-admission/account/routes';
import type { SessionStatus } from '../session/sessionMachine';

/**
 * docs/behaviour.md#routes: the paths a signed-out or terminated visitor may see. "/" itself, and every path
 * whose first segment starts with the first segment of a route that is not signed-in only (routeTable's
 * `access`; so /registrations-request and /registrations/{id} both count).
 */
export function isPublicPath(path: string): boolean {
  const normalized = normalizePath(path);
  if (normalized === routes.signIn) return true;
  const first = normalized.slice(1);
  return signedOutSegments.some((segment) => first.startsWith(segment));
}

/**
 * The redirects of docs/behaviour.md#routes: signed in at a `public` route (/) goes to /applications; signed
 * out or terminated, any non-public path goes to /. Null means stay. While loading nothing redirects (the
 * loading indicator, or a prerendered page, stands in for the routes).
 */
export function redirectFor(path: string, status: SessionStatus): string | null {
  const normalized = normalizePath(path);
  if (status === 'signedIn')
    return matchRoute(normalized)?.route.access === 'public' ? routes.applications : null;
  if (status === 'signedOut' || status === 'terminated')
    return isPublicPath(normalized) ? null : routes.signIn;
  return null;
}
