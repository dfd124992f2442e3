// The server's choice of page reads the route table (@pre-admission/account/routes): which paths are routes
// (else 404), and who gets a prerendered page (its `prerender`: without a session cookie, or with one).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { routeNames, routePatterns, routeSpec } from '@pre-admission/account/routes';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/services.ts';
import { noSessionMeta, WebPages } from '../src/web/webPages.ts';
import { writeBuildFile } from './webBuild.ts';

/** A complete build: the shell, and a prerendered page for every route the table says is prerendered. */
async function build(): Promise<WebPages> {
  const dist = mkdtempSync(join(tmpdir(), 'web-pages-'));
  writeBuildFile(dist, 'index.html', '<html lang="ja"><base href="/" /><div id="root"></div>shell</html>');
  const pages = routeNames
    .filter((name) => routeSpec(name).prerender !== undefined)
    .map((name) => {
      for (const lang of ['ja', 'en'])
        writeBuildFile(dist, `pages/${lang}/${name}.html`, `<html lang="${lang}">page ${name}</html>`);
      return {
        name,
        path: routePatterns[name],
        files: { ja: `pages/ja/${name}.html`, en: `pages/en/${name}.html` },
      };
    });
  writeBuildFile(dist, 'pages/pages.json', JSON.stringify({ basePlaceholder: '/__base__/', pages }));
  return WebPages.load(dist);
}

/** A path of the route: a token, and an application's id of its form (22 characters of base64url). */
const pathOf = (name: keyof typeof routePatterns) =>
  routePatterns[name].replace(':token', 'AbC123').replace(':applicationId', 'q3ZbV1n8R0K7yXw2LmA9tQ');
const withCookie = `${SESSION_COOKIE}=x`;

describe("the server's page for each route of the table", () => {
  it.each(routeNames)(
    '%s: 200, and its prerendered page only to the visitor it was written for',
    async (name) => {
      const pages = await build();
      const { prerender } = routeSpec(name);
      for (const [cookie, visitor] of [
        [undefined, 'signedOut'],
        [withCookie, 'signedIn'],
      ] as const) {
        const page = pages.page({ path: pathOf(name), cookie, acceptLanguage: 'en' }, '', 'n');
        expect(page?.status).toBe(200);
        expect(page?.html).toContain(prerender === visitor ? `page ${name}` : 'shell');
      }
    },
  );

  it.each(['/no-such-page', '/privacy-extra', '/registrations', '/registrations/a/b', '/api-docs'])(
    '%s is none of its routes: 404 with the shell',
    async (path) => {
      const page = (await build()).page({ path, cookie: undefined, acceptLanguage: undefined }, '', 'n');
      expect(page?.status).toBe(404);
      expect(page?.html).toContain('shell');
    },
  );

  it('issue 39 item 9: a page sent without a session cookie says so, so the app asks no session check (no 401)', async () => {
    const pages = await build();
    for (const path of ['/', '/privacy', '/no-such-page', '/password-reset/AbC123']) {
      const without = pages.page({ path, cookie: undefined, acceptLanguage: 'en' }, '', 'n');
      expect(without?.html, path).toContain(noSessionMeta);
      const withOne = pages.page({ path, cookie: withCookie, acceptLanguage: 'en' }, '', 'n');
      expect(withOne?.html, path).not.toContain('pre-admission-session');
    }
  });

  it('matches case-insensitively with a trailing slash', async () => {
    const page = (await build()).page(
      { path: '/PRIVACY/', cookie: undefined, acceptLanguage: 'ja' },
      '',
      'n',
    );
    expect(page).toMatchObject({ status: 200, locale: 'ja' });
    expect(page?.html).toContain('page privacy');
  });
});
