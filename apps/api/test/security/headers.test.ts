// Security headers on every answer, the API's and the web app's: the full set on documents, what protects the
// rest on the rest (docs/security.md#headers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './../helpers.ts';
import { raw } from './../inject.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('security headers', () => {
  // Documents (here the page that says the app is not built, and the SPA fallback) get the full set.
  it.each(['/', '/registrations/some-token'])('are on %s', async (url) => {
    const { response } = await raw(server, 'GET', url);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    // The web app's <base href> (the base path) must apply, or its relative asset URLs break on deep routes.
    expect(csp).toContain("base-uri 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  // Not documents: never rendered as a page, so nothing may load into one or frame it, and no page-only
  // header (docs/security.md#headers; their bytes are pinned by headerBudget.test.ts).
  it.each(['/api/health', '/api/countries', '/api/nothing-here', '/assets/missing.js'])(
    'on %s, allow nothing and keep nosniff',
    async (url) => {
      const { response } = await raw(server, 'GET', url);
      expect(response.headers['content-type']).not.toMatch(/html/);
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      for (const pageOnly of ['permissions-policy', 'cross-origin-opener-policy', 'x-frame-options'])
        expect(response.headers[pageOnly], pageOnly).toBeUndefined();
    },
  );

  it('over https, HSTS is on documents and on everything else', async () => {
    const secure = await startServer({ publicUrl: 'https://apply.example.ac.jp' }, server);
    try {
      for (const url of ['/', '/api/health', '/api/countries']) {
        const { response } = await raw(secure, 'GET', url);
        expect(response.headers['strict-transport-security'], url).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
    } finally {
      await secure.close();
    }
  });

  it('API responses are not cached, and are not for another site to load', async () => {
    const { response } = await raw(server, 'GET', '/api/applicant/sessions/current');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
