/**
 * The routes of docs/behaviour.md#routes the account kit knows, as plain strings: screens navigate with them and the app
 * matches them. Token routes are functions; `routePatterns` gives their `:token` form for a router.
 */
export const routes = {
  signIn: '/',
  applications: '/applications',
  registrationRequest: '/registrations-request',
  registrationRequestComplete: '/registrations-request-complete',
  registration: (token: string) => `/registrations/${encodeURIComponent(token)}`,
  registrationComplete: '/registrations-complete',
  passwordResetRequest: '/password-reset-request',
  passwordResetRequestComplete: '/password-reset-request-complete',
  passwordReset: (token: string) => `/password-reset/${encodeURIComponent(token)}`,
  passwordResetComplete: '/password-reset-complete',
  emailChangeRequest: '/email-change-request',
  emailChangeRequestComplete: '/email-change-request-complete',
  emailChangeActivation: (token: string) => `/change-email-requests/${encodeURIComponent(token)}`,
  passwordChange: '/password-change',
  passwordChangeComplete: '/password-change-complete',
  privacy: '/privacy',
} as const;

/** Every route as a router pattern (react-router syntax), keyed like `routes`. */
export const routePatterns = {
  signIn: '/',
  applications: '/applications',
  registrationRequest: '/registrations-request',
  registrationRequestComplete: '/registrations-request-complete',
  registration: '/registrations/:token',
  registrationComplete: '/registrations-complete',
  passwordResetRequest: '/password-reset-request',
  passwordResetRequestComplete: '/password-reset-request-complete',
  passwordReset: '/password-reset/:token',
  passwordResetComplete: '/password-reset-complete',
  emailChangeRequest: '/email-change-request',
  emailChangeRequestComplete: '/email-change-request-complete',
  emailChangeActivation: '/change-email-requests/:token',
  passwordChange: '/password-change',
  passwordChangeComplete: '/password-change-complete',
  privacy: '/privacy',
} as const satisfies Record<keyof typeof routes, string>;

export type RouteName = keyof typeof routes;

/**
 * Route matching is case-insensitive and tolerates a trailing slash (docs/behaviour.md#routes): the form a
 * path is matched in. The app's router and the server's choice of page (and of its 404) both use this one.
 */
export function normalizePath(path: string): string {
  const lower = path.toLowerCase();
  const trimmed = lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
  return trimmed === '' ? '/' : trimmed;
}
