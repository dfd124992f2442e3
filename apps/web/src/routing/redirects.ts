import { normalizePath } from '@pre-admission/account/routes';
import type { SessionStatus } from '../session/sessionMachine';

/**
 * docs/behaviour.md#routes: the paths a signed-out or terminated visitor may see. "/" itself, and every path whose first
 * segment starts with one of these (so /registrations-request and /registrations/{id} both count).
 */
const publicPrefixes = [
  'registrations',
  'password-reset',
  'privacy',
  'change-email-requests',
  'password-change-complete',
];

export function isPublicPath(path: string): boolean {
  const normalized = normalizePath(path);
  if (normalized === '/') return true;
  const first = normalized.slice(1);
  return publicPrefixes.some((prefix) => first.startsWith(prefix));
}

/**
 * The redirects of docs/behaviour.md#routes: signed in at / goes to /applications; signed out or terminated, any non-public path
 * goes to /. Null means stay. While loading nothing redirects (the loading indicator, or a prerendered public
 * page, stands in for the routes).
 */
export function redirectFor(path: string, status: SessionStatus): string | null {
  const normalized = normalizePath(path);
  if (status === 'signedIn') return normalized === '/' ? '/applications' : null;
  if (status === 'signedOut' || status === 'terminated') return isPublicPath(normalized) ? null : '/';
  return null;
}
