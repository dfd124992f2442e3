// The committed pact is the one the consumer tests write: change a consumer test and forget
// `npm run pact:update`, and this fails.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalise, readPact } from './support/pactFile';
import { committedPactFile, consumerOutputFile } from './support/paths';

describe('pacts/ is current', () => {
  it('equals what the consumer tests wrote, apart from pact-js and pact-core versions', () => {
    expect(
      existsSync(consumerOutputFile),
      `no consumer output at ${consumerOutputFile}: run npm run test:consumer`,
    ).toBe(true);
    expect(existsSync(committedPactFile), `${committedPactFile} is missing: run npm run pact:update`).toBe(
      true,
    );
    expect(
      normalise(readPact(committedPactFile)),
      'pacts/ differs from what the consumer tests write: run `npm run pact:update` and commit pacts/',
    ).toEqual(normalise(readPact(consumerOutputFile)));
  });
});
