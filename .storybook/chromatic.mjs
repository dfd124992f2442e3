#!/usr/bin/env node
// `npm run chromatic`: publishes the built Storybook to Chromatic for visual review (chromatic.config.json).
// Not part of `npm test`: it needs the project token and the network.
import { spawnSync } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.error(
    'chromatic: CHROMATIC_PROJECT_TOKEN is not set.\n' +
      'Set it to the project token from https://www.chromatic.com (Manage → Configure), for example\n' +
      '  CHROMATIC_PROJECT_TOKEN=chpt_... npm run chromatic',
  );
  process.exit(1);
}

const result = spawnSync(
  'npx',
  ['chromatic', '--config-file', 'chromatic.config.json', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
  },
);
process.exit(result.status ?? 1);
