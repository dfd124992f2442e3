// No desk code in the applicant's bundles (issue 40, item 3; docs/security.md#staff): the applicant's
// production build (the e2e set-up's, the one the server serves) holds none of the staff adapter's paths,
// the desk's messages or the console's modules, while the desk's own build, made from the same sources by
// the same set-up, holds each of them (so a marker that stopped meaning anything would fail here too).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

/** Every file of a build, with its text (scripts, styles, pages, source maps). */
function filesOf(dist: string): Array<{ file: string; text: string }> {
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(js|css|html|json|map)$/.test(entry.name))
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      return { file, text: readFileSync(file, 'utf8') };
    });
}

/** What only desk code holds: a staff API path, a desk message id, a console module's path. */
const markers = [
  '/api/staff/',
  'desk.console.title',
  'desk.signIn.title',
  'desk.list.title',
  'apps/desk/src/',
  'packages/desk/src/',
  'packages/api/src/staff/',
];

describe("the applicant's bundles", () => {
  const web = filesOf(inject('webDist'));
  const desk = filesOf(inject('deskDist'));

  it.each(markers)('hold no %s, which the desk’s build holds', (marker) => {
    expect(
      desk.some(({ text }) => text.includes(marker)),
      `the desk's build has ${marker}`,
    ).toBe(true);
    expect(web.filter(({ text }) => text.includes(marker)).map(({ file }) => file)).toEqual([]);
  });
});
