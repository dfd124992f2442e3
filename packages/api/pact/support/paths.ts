// Where the contract lives on disk: the committed pact and the consumer run's output.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONSUMER = 'pre-admission-web';
export const PROVIDER = 'pre-admission-api';
export const PACT_FILE_NAME = `${CONSUMER}-${PROVIDER}.json`;

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The committed pacts the backend team verifies. */
export const committedPactDir = join(repoRoot, 'pacts');
export const committedPactFile = join(committedPactDir, PACT_FILE_NAME);

/**
 * Where a consumer run writes its pact: PACT_OUTPUT_DIR, else a cache folder that every run empties first.
 * The consumer tests never write to pacts/ directly (Pact merges into an existing file, so a removed
 * interaction would linger there); `npm run pact:update` copies the output over.
 */
export const consumerOutputDir =
  process.env.PACT_OUTPUT_DIR ?? join(repoRoot, 'node_modules/.cache/pact/consumer');
export const consumerOutputFile = join(consumerOutputDir, PACT_FILE_NAME);

/** The desk's console (`@pre-admission/api/staff`): a second consumer of the same provider, its own pact. */
export const STAFF_CONSUMER = 'pre-admission-desk';
export const STAFF_PACT_FILE_NAME = `${STAFF_CONSUMER}-${PROVIDER}.json`;
export const committedStaffPactFile = join(committedPactDir, STAFF_PACT_FILE_NAME);
export const consumerStaffOutputFile = join(consumerOutputDir, STAFF_PACT_FILE_NAME);

/** Each committed pact with the file its consumer run writes. */
export const pactFiles = [
  { consumer: CONSUMER, committed: committedPactFile, output: consumerOutputFile },
  { consumer: STAFF_CONSUMER, committed: committedStaffPactFile, output: consumerStaffOutputFile },
] as const;
