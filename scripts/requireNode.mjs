// Node 24 or later (.nvmrc), said in one line before anything else loads. The server and its commands run from
// TypeScript sources on Node 24's own type stripping; an older Node would stop on the first `.ts` file with a
// stack trace (ERR_UNKNOWN_FILE_EXTENSION) far from the cause.
//
// Imported first by `npm start` (scripts/start.mjs) and `npm test` (scripts/preflight.mjs), and loaded with
// `node --import ./scripts/requireNode.mjs …` by the operator commands and the production server
// (package.json, docs/operations.md#production-install). Plain JavaScript that any Node since 18 parses.
//
// A development install (`npm ci`) brings its own Node 24 (the `node` package, a development dependency):
// `npm start`, `npm test` and every `npm run …` put node_modules/.bin first on PATH, so they run on it
// whatever Node the machine has. A production install (`npm ci --omit=dev`) runs on the machine's Node.
// NODE_VERSION_CHECK_AS judges another version than this process's (scripts/requireNode.test.ts).
import { existsSync, readFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);

/** The major version .nvmrc names. */
export const wantedMajor = Number(readFileSync(new URL('.nvmrc', root), 'utf8').trim().split('.')[0]);

/** What is wrong with this Node and what to run, in one line; undefined when it is recent enough. */
export function nodeVersionProblem(version = process.env.NODE_VERSION_CHECK_AS || process.versions.node) {
  if (Number(version.split('.')[0]) >= wantedMajor) return undefined;
  const own = new URL('node_modules/node/bin/node', root);
  const fix = existsSync(own)
    ? `run it through npm (npm start, npm test, npm run …), which puts this checkout's own Node ${wantedMajor} (node_modules/.bin/node) first, or start it with node_modules/.bin/node`
    : `install Node ${wantedMajor} (npm install -g --prefix ~/.cache/pre-admission/node${wantedMajor} node@${wantedMajor}, then put its bin first on PATH) or, for development, run npm ci, which brings its own`;
  return `Node ${version} is older than the ${wantedMajor} this project runs on (.nvmrc): ${fix}.`;
}

const problem = nodeVersionProblem();
if (problem) {
  console.error(`pre-admission: ${problem}`);
  process.exit(1);
}
