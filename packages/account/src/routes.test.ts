import { describe, expect, it } from 'vitest';
import {
  isApplicationId,
  matchRoute,
  routeNames,
  routePatterns,
  routes,
  routeSpec,
  signedOutSegments,
  tokenSegments,
} from './routes';

describe('the route table', () => {
  it('gives each token route a path of its token, encoded, and every other route its path', () => {
    expect(routes.passwordReset('a/b?c')).toBe('/password-reset/a%2Fb%3Fc');
    expect(routes.registration('AbC')).toBe('/registrations/AbC');
    expect(routes.privacy).toBe('/privacy');
    for (const name of routeNames)
      if (!routeSpec(name).path.includes('/:')) expect(routes[name]).toBe(routePatterns[name]);
  });

  it('gives a planner task a path of its own under /applications (docs/behaviour.md#planner)', () => {
    expect(routes.applicationsTask('kind')).toBe('/applications/kind');
    expect(matchRoute('/Applications/Summary/')?.name).toBe('applicationsTask');
    expect(matchRoute('/applications/kind/extra/more')).toBeUndefined();
  });

  it('gives each page of an application a path under its id (docs/behaviour.md#routes, Applications)', () => {
    const id = 'q3ZbV1n8R0K7yXw2LmA9tQ';
    expect(routes.applicationsTask(id)).toBe(`/applications/${id}`);
    expect(routes.applicationPage(id, 'personal')).toBe(`/applications/${id}/personal`);
    expect(routes.applicationPage('a/b', 'c d')).toBe('/applications/a%2Fb/c%20d');
    expect(matchRoute(`/applications/${id}/receipt`)?.name).toBe('applicationPage');
    expect(routeSpec('applicationPage').access).toBe('signedIn');
  });

  it.each([
    ['/', 'signIn'],
    ['//', undefined],
    ['/Applications/', 'applications'],
    ['/PASSWORD-RESET/AbC', 'passwordReset'],
    ['/change-email-requests/x/', 'emailChangeActivation'],
    ['/change-email-requests/x//', undefined],
    ['/privacy//', undefined],
    ['/registrations-request', 'registrationRequest'],
    ['/registrations', undefined],
    ['/registrations/a/b', undefined],
    ['/privacy-extra', undefined],
    ['/Sign-In-And-Security/', 'signInSecurity'],
    ['/api/health', undefined],
    ['/Sign-In/Second-Step/', 'signInSecondStep'],
    ['/sign-in', undefined],
  ])('matches %s to %s', (path, name) => {
    expect(matchRoute(path)?.name).toBe(name);
  });

  it('every route matches its own path', () => {
    for (const name of routeNames)
      expect(
        matchRoute(
          routePatterns[name].replace(':applicationId', 'q3ZbV1n8R0K7yXw2LmA9tQ').replace(/:[a-z]+/gi, 't0'),
        )?.name,
      ).toBe(name);
  });

  it('matches an application page only for an id of the application id form (22 characters of base64url)', () => {
    expect(matchRoute('/applications/x/y')).toBeUndefined();
    expect(matchRoute('/applications/q3ZbV1n8R0K7yXw2LmA9tQ/personal')?.name).toBe('applicationPage');
  });

  it("tells an application's task list from a task of the plan by the id's form", () => {
    expect(isApplicationId('q3ZbV1n8R0K7yXw2LmA9tQ')).toBe(true);
    for (const task of ['kind', 'summary', 'q3ZbV1n8R0K7yXw2LmA9t', 'q3ZbV1n8R0K7yXw2LmA9tQ/']) {
      expect(isApplicationId(task)).toBe(false);
    }
  });

  it('lets the signed out open the first segments of docs/behaviour.md#routes, Redirects', () => {
    // The spec's list: a path whose first segment starts with one of these is public.
    const spec = [
      'registrations',
      'password-reset',
      'privacy',
      'change-email-requests',
      'password-change-complete',
      // Issue 42: the done page after the applicant's own deletion, signed out.
      'account-deleted',
      // Issue 28: the second step of a password sign-in, /sign-in/second-step.
      'sign-in',
    ];
    const covered = (segment: string, list: readonly string[]) =>
      list.some((prefix) => segment.startsWith(prefix));
    for (const segment of signedOutSegments) expect(covered(segment, spec), segment).toBe(true);
    for (const prefix of spec) expect(signedOutSegments, prefix).toContain(prefix);
  });

  it('names the segment before each token', () => {
    expect([...tokenSegments].sort()).toEqual(['change-email-requests', 'password-reset', 'registrations']);
  });
});
