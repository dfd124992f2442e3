// pacts/README.md tells the backend team which provider states the pact uses and what each must set up. The
// list is generated (`npm run pact:states`, statesDoc.ts); these tests fail when it is stale or incomplete.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stateDoc } from '../../src/providerStates/states.ts';
import { statesInPact } from './pactSource.ts';
import { currentReadme, readmeFile, statesOfPact } from './statesDoc.ts';

describe('pacts/README.md: the provider states for the backend team', () => {
  const readme = readFileSync(readmeFile, 'utf8');

  it('is current with the pact and apps/api/src/providerStates/states.ts (else: npm run pact:states)', () => {
    expect(readme).toBe(currentReadme(readme));
  });

  it.each(statesInPact())('lists "%s" with what it sets up', (state) => {
    expect(stateDoc(state), `no documented handler for "${state}"`).toBeDefined();
    const start = readme.indexOf(`\n### ${state}\n`);
    expect(start, `pacts/README.md has no section for "${state}"`).toBeGreaterThan(0);
    const section = readme.slice(start + 1).split('\n### ')[0];
    expect(section).toContain(`- **Sets up**: ${stateDoc(state)!.setsUp}`);
  });

  it.each(statesOfPact().filter((use) => use.injects.length > 0))(
    'documents every value "$state" must answer for the requests that inject it',
    ({ state, injects }) => {
      const answers = stateDoc(state)!.returns.map((value) => value.split(' ')[0]);
      expect(injects.filter((name) => !answers.includes(name))).toEqual([]);
    },
  );
});
