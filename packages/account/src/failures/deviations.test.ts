// docs/deviations.md must account for every "only logged" outcome the account kit shows anyway.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as errorCatalogue from './catalogue';

const deviations = readFileSync(new URL('../../../../docs/deviations.md', import.meta.url), 'utf8');

const isLogged = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'logged';

/** The catalogues (and single presentations) the account kit exports that hold a `logged` presentation. */
function loggedCatalogues(): string[] {
  return Object.entries(errorCatalogue)
    .filter(
      ([, value]) => isLogged(value) || (typeof value === 'object' && Object.values(value).some(isLogged)),
    )
    .map(([name]) => name);
}

describe('docs/deviations.md', () => {
  it('names every catalogue that shows an outcome the behaviour says is only logged', () => {
    const logged = loggedCatalogues();
    // The four of today: registration finish, reset finish, email change activation, the unnamed one.
    expect(logged.length).toBeGreaterThanOrEqual(4);
    for (const name of logged) expect(deviations, name).toContain(`\`${name}\``);
  });
});
