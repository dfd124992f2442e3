import { normalizePath, secondFactorRoute } from '@pre-admission/account/routes';
import { describe, expect, it } from 'vitest';
import type { SessionStatus } from '../session/sessionMachine';
import { isPublicPath, redirectFor } from './redirects';

/** Every route of docs/behaviour.md#routes and a few others, with where each state sends it (null: stays). */
const matrix: Array<[path: string, signedIn: string | null, signedOut: string | null]> = [
  ['/', '/applications', null],
  ['/registrations-request', null, null],
  ['/registrations-request-complete', null, null],
  ['/registrations/abc123', null, null],
  ['/registrations-complete', null, null],
  ['/password-reset-request', null, null],
  ['/password-reset-request-complete', null, null],
  ['/password-reset/abc123', null, null],
  ['/password-reset-complete', null, null],
  ['/email-change-request', null, '/'],
  ['/email-change-request-complete', null, '/'],
  ['/change-email-requests/abc123', null, null],
  ['/password-change', null, '/'],
  ['/password-change-complete', null, null],
  // Issue 42: the done page after the applicant's own deletion, reached signed in and shown signed out.
  ['/account-deleted', null, null],
  ['/applications', null, '/'],
  ['/privacy', null, null],
  ['/sign-in/second-step', '/applications', null],
  // Issue 39 item 8: no route at all is Not Found for everyone, never the sign-in page as if it were one.
  ['/no-such-page', null, null],
  ['/api-docs', null, null],
  ['/applications/no-such-task', null, '/'],
];

describe('issue 39 item 8', () => {
  it('issue 39 item 8: signed out, a mistyped address stays where it is, to say the page does not exist', () => {
    for (const path of ['/aplications', '/pasword-change', '/sign-in-and-securty'])
      for (const status of ['signedOut', 'terminated'] as const) expect(redirectFor(path, status)).toBeNull();
  });
});

describe('the redirect matrix of docs/behaviour.md#routes (route × session state)', () => {
  for (const [path, signedIn, signedOut] of matrix) {
    it(`${path}: signed in → ${signedIn ?? 'stays'}; signed out or terminated → ${signedOut ?? 'stays'}`, () => {
      expect(redirectFor(path, 'signedIn')).toBe(signedIn);
      expect(redirectFor(path, 'signedOut')).toBe(signedOut);
      expect(redirectFor(path, 'terminated')).toBe(signedOut);
      expect(redirectFor(path, 'loading')).toBeNull();
    });
  }

  it.each<[string, SessionStatus, string | null]>([
    ['/Applications', 'signedOut', '/'],
    ['/PRIVACY/', 'signedOut', null],
    ['/Registrations/AbC', 'terminated', null],
    ['/', 'signedIn', '/applications'],
    ['//', 'signedIn', null],
    ['/applications/', 'signedIn', null],
  ])('matches %s case-insensitively with a trailing slash (%s → %s)', (path, status, to) => {
    expect(redirectFor(path, status)).toBe(to);
  });
});

// docs/security.md#second-factor: an account that must add a second factor sees only the Sign-in and security
// page (the page's route lands with issue 28's security page; until then nothing moves).
describe('while the account must add a second factor', () => {
  const required = { secondFactorRequired: true };

  it.each(['/applications', '/applications/kind', '/password-change', '/email-change-request'])(
    'sends %s to the Sign-in and security page',
    (path) => {
      expect(redirectFor(path, 'signedIn', required)).toBe(secondFactorRoute);
      expect(redirectFor(path, 'signedIn', { secondFactorRequired: false })).toBeNull();
    },
  );

  it('leaves the pages anyone may see, and the Sign-in and security page itself', () => {
    expect(redirectFor('/privacy', 'signedIn', required)).toBeNull();
    expect(redirectFor('/password-change-complete', 'signedIn', required)).toBeNull();
    expect(redirectFor('/', 'signedIn', required)).toBe(secondFactorRoute);
    expect(redirectFor(secondFactorRoute, 'signedIn', required)).toBeNull();
  });

  it('keeps the Sign-in and security page from the signed out, though its first segment starts like sign-in', () => {
    // /sign-in-and-security starts with the segment of /sign-in/second-step, a public route.
    expect(redirectFor(secondFactorRoute, 'signedOut')).toBe('/');
    expect(redirectFor('/sign-in/second-step', 'signedOut')).toBeNull();
  });
});

describe('normalizePath', () => {
  it('lower-cases and drops trailing slashes but keeps the root', () => {
    expect(normalizePath('/Password-Change/')).toBe('/password-change');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });

  it('counts only whole public prefixes at the start of the first segment', () => {
    expect(isPublicPath('/my/registrations')).toBe(false);
    expect(isPublicPath('/privacy-extra')).toBe(true);
  });
});
