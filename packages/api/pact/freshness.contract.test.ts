// The committed pacts are the ones the consumer tests write: change a consumer test and forget
// `npm run pact:update`, and this fails.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalise, readPact } from './support/pactFile';
import { pactFiles } from './support/paths';

describe('pacts/ is current', () => {
  it.each(pactFiles)(
    '$consumer: equals what the consumer tests wrote, apart from pact-js and pact-core versions',
    ({ committed, output }) => {
      expect(existsSync(output), `no consumer output at ${output}: run npm run test:consumer`).toBe(true);
      expect(existsSync(committed), `${committed} is missing: run npm run pact:update`).toBe(true);
      expect(
        normalise(readPact(committed)),
        'pacts/ differs from what the consumer tests write: run `npm run pact:update` and commit pacts/',
      ).toEqual(normalise(readPact(output)));
    },
  );
});
