// Security headers on every answer, the API's and the web app's (docs/hosting.md, docs/security.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './../helpers.ts';
import { raw } from './../inject.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('security headers', () => {
  it.each(['/api/health', '/api/countries', '/', '/registrations/some-token'])('are on %s', async (url) => {
    const { response } = await raw(server, 'GET', url);
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    // The web app's <base href> (the base path) must apply, or its relative asset URLs break on deep routes.
    expect(csp).toContain("base-uri 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('API responses are not cached', async () => {
    const { response } = await raw(server, 'GET', '/api/applicant/sessions/current');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
