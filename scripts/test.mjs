// `npm test`: every check, one step after another, saying which step of how many it is on and how long each
// took, so that a newcomer knows where the half hour goes; it stops at the first step that fails, naming the
// command that runs that step alone. The steps are the npm scripts below, in this order (README.md#scripts).
import './preflight.mjs';
import { spawnSync } from 'node:child_process';

const steps = [
  'lint',
  'lint:openapi',
  'test:unit',
  'test:stories',
  'test:kit',
  'test:built-storybook',
  'test:consumer',
  'test:provider',
  'test:api',
  'test:e2e',
];

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
const started = Date.now();
for (const [index, step] of steps.entries()) {
  const at = Date.now();
  console.info(`\nnpm test: step ${index + 1} of ${steps.length}, ${step} (${minutes(at - started)} so far)`);
  const run = spawnSync('npm', ['run', step], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(
      `npm test: step ${index + 1} of ${steps.length}, ${step}, failed after ${minutes(Date.now() - at)}; run it alone with: npm run ${step}`,
    );
    process.exit(run.status ?? 1);
  }
  console.info(`npm test: ${step} done in ${minutes(Date.now() - at)}`);
}
console.info(`\nnpm test: all ${steps.length} steps done in ${minutes(Date.now() - started)}`);
