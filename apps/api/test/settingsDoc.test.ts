// docs/operations.md#settings is generated from the settings schema: a variable added, removed or
// reworded in apps/api/src/platform/settings.ts without `npm run docs:settings` fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS_DOC, withFreshTable } from '../scripts/settingsDoc.ts';
import { settings } from '../src/platform/settings.ts';

describe('docs/operations.md#settings', () => {
  const doc = readFileSync(OPERATIONS_DOC, 'utf8');

  it('is the table the schema generates', () => {
    expect(
      withFreshTable(doc) === doc,
      'docs/operations.md#settings differs from apps/api/src/platform/settings.ts: run `npm run docs:settings` and commit the result',
    ).toBe(true);
  });

  it('names every variable, each with an example of a good value that the schema accepts', () => {
    for (const [name, entry] of Object.entries(settings)) {
      expect(doc).toContain(`| \`${name}\``);
      if (entry.secret !== 'value') expect(entry.schema.safeParse(entry.example).success, name).toBe(true);
    }
  });
});
