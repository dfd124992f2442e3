// The one place that decides what path a request is for (docs/hosting.md#routed-path). The router decodes
// percent-encoding before it matches, so anything that reads the raw URL (`/%61pi/...`, `//api/...`,
// `/API/...`) can disagree with the route that runs. The CSRF check, no-store, log redaction, the form-post
// redirect and the SPA fallback all ask here instead.
import type { FastifyRequest } from 'fastify';

/**
 * A raw request target as a canonical path: the query dropped, percent-encoding decoded, backslashes read
 * as slashes (as browsers do), empty and `.` segments dropped, `..` resolved. Never empty, always one
 * leading slash, never `//`.
 */
export function normalisePath(rawUrl: string): string {
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    decoded = rawPath; // a malformed escape: keep it as it is, it matches nothing
  }
  const segments: string[] = [];
  for (const segment of decoded.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/**
 * True when the raw target's path is already canonical: no empty, `.` or `..` segment (encoded or not), no
 * backslash, no encoded slash. A trailing slash is allowed.
 */
export function isCanonicalPath(rawUrl: string): boolean {
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '';
  if (rawPath === '/') return true;
  if (!rawPath.startsWith('/')) return false;
  return rawPath
    .replace(/\/$/, '')
    .slice(1)
    .split('/')
    .every((segment) => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        return false;
      }
      return decoded !== '' && decoded !== '.' && decoded !== '..' && !/[\\/]/.test(decoded);
    });
}

/**
 * The path a request is for: the pattern of the route the router matched (`/api/applicant/registrations/:token`)
 * or, when none matched, the canonical form of its raw path.
 */
export function routedPath(request: FastifyRequest): string {
  const pattern = request.is404 ? undefined : request.routeOptions.url;
  return pattern ?? normalisePath(request.url);
}

/** Whether a path (routed or canonical) is under `{base}/api`, compared without regard to case. */
export function isApiPath(basePath: string, path: string): boolean {
  const root = `${basePath}/api`.toLowerCase();
  const lower = path.toLowerCase();
  return lower === root || lower.startsWith(`${root}/`);
}

/** Whether a canonical path is the base path or under it (case-sensitive: the base path is the operator's). */
export function isUnderBase(basePath: string, path: string): boolean {
  return !basePath || path === basePath || path.startsWith(`${basePath}/`);
}

/**
 * Where a redirect built from a request target may send the browser: its canonical path when that is under
 * the base path, else the base path's root; each segment percent-encoded, the query dropped. The result
 * always starts with one `/` and a segment (or is `/` alone), so no browser reads it as another host
 * (docs/hosting.md#redirects).
 */
export function sameOriginPath(basePath: string, rawUrl: string): string {
  const path = normalisePath(rawUrl);
  const target = isUnderBase(basePath, path) ? path : `${basePath}/`;
  const encoded = target.split('/').map(encodeURIComponent).join('/');
  return encoded.startsWith('/') && !encoded.startsWith('//') ? encoded : '/';
}
