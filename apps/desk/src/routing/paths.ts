import type { StaffRole } from '@pre-admission/api/staff';

/**
 * The console's paths, under its base path `/desk/` (apps/desk/README.md): the one place they are written,
 * as packages/account/src/routes.ts is the applicant's (scripts/routeStrings.test.ts checks both).
 */
export const deskPaths = {
  signIn: '/sign-in',
  secondStep: '/sign-in/second-step',
  invitation: '/invitations/:token',
  secondFactor: '/second-factor',
  applications: '/applications',
  application: '/applications/:applicationId',
  consent: '/consent',
  consentRequest: '/consent/:requestId',
  settings: '/settings',
} as const;

/** An application's page, with the list's query it was opened from (`?list=`, for the way back). */
export const applicationPath = (id: string, listSearch = '') =>
  `${deskPaths.applications}/${encodeURIComponent(id)}${listSearch ? `?${new URLSearchParams({ list: listSearch })}` : ''}`;

/** The list with a query. */
export const applicationsPath = (search = '') => `${deskPaths.applications}${search ? `?${search}` : ''}`;

/** A route's pattern as react-router's nested `path` takes it (no leading slash). */
export const routePath = (path: string) => path.slice(1);

/** A consent request's page. */
export const consentRequestPath = (id: string) => `${deskPaths.consent}/${encodeURIComponent(id)}`;

/**
 * Where a signed-in member starts (after sign-in, the second factor's set-up, and `/desk/` itself, where the
 * staff mails link): a supervisor at the consent requests, which wait for them (the applications naming them
 * come only after their consent, and they neither return nor decide them); every other role at the
 * applications.
 */
export const homePath = (role: StaffRole) =>
  role === 'supervisor' ? deskPaths.consent : deskPaths.applications;
