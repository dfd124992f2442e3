// docs/deviations.md must account for every "only logged" outcome the account kit shows anyway.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** The exported catalogues (and single presentations) of catalogue.ts that use the `logged` kind. */
function loggedCatalogues(source: string): string[] {
  const names: string[] = [];
  const exports = source.split(/\nexport const /).slice(1);
  for (const block of exports) {
    const name = /^(\w+)/.exec(block)?.[1];
    if (name && /kind: 'logged'/.test(block)) names.push(name);
  }
  return names;
}

describe('docs/deviations.md', () => {
  it('names every catalogue that shows an outcome the behaviour says is only logged', () => {
    const catalogue = read('packages/account/src/failures/catalogue.ts');
    const logged = loggedCatalogues(catalogue);
    // The four of today: registration finish, reset finish, email change activation, the unnamed one.
    expect(logged.length).toBeGreaterThanOrEqual(4);
    const deviations = read('docs/deviations.md');
    for (const name of logged) expect(deviations, name).toContain(`\`${name}\``);
  });
});
