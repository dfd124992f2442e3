// Fixtures for the tests of how the server serves apps/web's build (docs/hosting.md#static-files).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes one file of a build directory, making the folders it needs. */
export function writeBuildFile(dir: string, file: string, text: string | Buffer): void {
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), text);
}

/**
 * The prerendered privacy page in both languages and the `pages/pages.json` that lists it, as apps/web's build
 * writes them; `page` gives each language's HTML.
 */
export function writePrerenderedPrivacy(dir: string, page: (lang: 'ja' | 'en') => string): void {
  for (const lang of ['ja', 'en'] as const) writeBuildFile(dir, `pages/${lang}/privacy.html`, page(lang));
  writeBuildFile(
    dir,
    'pages/pages.json',
    JSON.stringify({
      basePlaceholder: '/__base__/',
      pages: [
        {
          name: 'privacy',
          path: '/privacy',
          files: { ja: 'pages/ja/privacy.html', en: 'pages/en/privacy.html' },
        },
      ],
    }),
  );
}
