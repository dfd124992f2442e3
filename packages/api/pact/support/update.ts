// `npm run pact:update`: after the consumer tests ran, the pact they wrote becomes the committed one.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { relative } from 'node:path';
import { readPact } from './pactFile';
import { committedPactDir, committedPactFile, consumerOutputFile, repoRoot } from './paths';

if (!existsSync(consumerOutputFile)) {
  console.error(`No pact at ${consumerOutputFile}: the consumer tests did not write one.`);
  process.exit(1);
}
mkdirSync(committedPactDir, { recursive: true });
copyFileSync(consumerOutputFile, committedPactFile);
const { interactions } = readPact(committedPactFile);
console.info(`${relative(repoRoot, committedPactFile)}: ${interactions.length} interactions. Commit it.`);
