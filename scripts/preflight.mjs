// The first step of `npm test`: is what the browser and server tests need on this machine? Without it they
// fail by the hundred (442 screenshot comparisons without the CJK fonts) instead of saying what is missing.
// Stops with one line naming the Debian packages to install. Fast: file checks and a PATH look-up, no
// process started. (PostgreSQL is not checked: `npm test` runs on PGlite; .ci/run installs PostgreSQL for
// the runs it adds on it.)
//
// The paths can be pointed elsewhere (its own test does, scripts/preflight.test.ts):
//   PREFLIGHT_CHROMIUM   the browser the tests run (vitest.config.ts: /usr/bin/chromium)
//   PREFLIGHT_CJK_FONT   a file of fonts-noto-cjk (the screenshots are taken with it)
//   PATH                 where `java` is looked for (vnu-jar, tests/e2e/html.test.ts)
//   PREFLIGHT_NODE_VERSION  the Node version to judge (process.versions.node)
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const env = process.env;

// Node first: the server and its tests run on Node 24's own type stripping (.nvmrc); on an older Node they
// fail with a syntax error far from the cause.
const wanted = Number(
  readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8')
    .trim()
    .split('.')[0],
);
const node = env.PREFLIGHT_NODE_VERSION ?? process.versions.node;
if (Number(node.split('.')[0]) < wanted) {
  console.error(
    `preflight: Node ${node} is older than the ${wanted} that .nvmrc names: npm install -g --prefix ~/.cache/pre-admission/node${wanted} node@${wanted}, then put its bin first on PATH (README.md)`,
  );
  process.exit(1);
}

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command) {
  return (env.PATH ?? '').split(delimiter).some((dir) => dir && executable(join(dir, command)));
}

/** [Debian package, what needs it, present?] */
const checks = [
  ['chromium', 'the browser tests', () => executable(env.PREFLIGHT_CHROMIUM ?? '/usr/bin/chromium')],
  [
    'fonts-noto-cjk',
    'the screenshot comparisons',
    () => existsSync(env.PREFLIGHT_CJK_FONT ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'),
  ],
  ['default-jre-headless', 'the HTML check (vnu-jar)', () => onPath('java')],
];

const missing = checks.filter(([, , present]) => !present());
if (missing.length > 0) {
  const packages = missing.map(([name]) => name).join(' ');
  const needs = missing.map(([name, what]) => `${name} for ${what}`).join(', ');
  console.error(`preflight: missing ${needs}: apt-get install ${packages}`);
  process.exit(1);
}
