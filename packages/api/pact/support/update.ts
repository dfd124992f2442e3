// `npm run pact:update`: after the consumer tests ran, the pacts they wrote become the committed ones (the
// applicant's site's and the desk's console's).
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { relative } from 'node:path';
import { readPact } from './pactFile';
import { committedPactDir, pactFiles, repoRoot } from './paths';

const missing = pactFiles.filter(({ output }) => !existsSync(output));
if (missing.length > 0) {
  for (const { output } of missing)
    console.error(`No pact at ${output}: the consumer tests did not write one.`);
  process.exit(1);
}
mkdirSync(committedPactDir, { recursive: true });
for (const { committed, output } of pactFiles) {
  copyFileSync(output, committed);
  const { interactions } = readPact(committed);
  console.info(`${relative(repoRoot, committed)}: ${interactions.length} interactions. Commit it.`);
}
