/** The Pre-admission Support Desk's address (docs/behaviour.md#routes: the registration notes and the unsupported-browser screen). */
export const supportEmail = 'pre-admission@example.ac.jp';

/** How often a signed-in tab re-checks its session, so that one revoked elsewhere is noticed (issue 6). */
export const sessionCheckIntervalMs = 3 * 60 * 1000;

/**
 * The base path the site is served under, from `<base href>` in index.html (the server writes
 * BASE_PATH there), so one build serves `/` and `/pre-admission/` alike. Always ends with a slash.
 */
export function basePath(): string {
  const path = new URL(document.baseURI).pathname;
  return path.endsWith('/') ? path : `${path}/`;
}
