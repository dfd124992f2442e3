// The first step of `npm test`: is what the browser and server tests need on this machine? Without it they
// fail by the hundred (442 screenshot comparisons without the CJK fonts) instead of saying what is missing.
// What is missing is installed from Debian when it can be (root, with apt-get), with one line saying so;
// otherwise it stops with one line naming the command to run. Fast when nothing is missing: file checks and
// a PATH look-up, no process started. (PostgreSQL is not checked: `npm test` runs on PGlite; .ci/run
// installs PostgreSQL for the runs it adds on it.)
//
// The paths can be pointed elsewhere (its own test does, scripts/preflight.test.ts):
//   PREFLIGHT_CHROMIUM   the browser the tests run (vitest.config.ts: /usr/bin/chromium)
//   PREFLIGHT_CJK_FONT   a file of fonts-noto-cjk (the screenshots are taken with it)
//   PATH                 where `java` and `apt-get` are looked for (vnu-jar, tests/e2e/html.test.ts)
//   PREFLIGHT_UID        the user id to judge (process.getuid()): only root installs
//   PREFLIGHT_INSTALL=0  never install, only say what to run
// Node itself is checked first by scripts/requireNode.mjs (NODE_VERSION_CHECK_AS judges another version).
import './requireNode.mjs';
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const env = process.env;

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

const missing = () => checks.filter(([, , present]) => !present());
const lacking = missing();
if (lacking.length > 0) {
  const packages = lacking.map(([name]) => name);
  const needs = lacking.map(([name, what]) => `${name} for ${what}`).join(', ');
  const uid = env.PREFLIGHT_UID === undefined ? process.getuid?.() : Number(env.PREFLIGHT_UID);
  if (uid !== 0 || !onPath('apt-get') || env.PREFLIGHT_INSTALL === '0') {
    const sudo = uid === 0 ? '' : 'sudo ';
    console.error(`preflight: missing ${needs}: ${sudo}apt-get install ${packages.join(' ')}`);
    process.exit(1);
  }
  console.info(`preflight: installing ${packages.join(' ')} from Debian (${needs}; a minute or two)…`);
  const apt = (args) =>
    spawnSync('apt-get', args, {
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
  const update = apt(['update', '-qq']);
  const install =
    update.status === 0 ? apt(['install', '-y', '-qq', '--no-install-recommends', ...packages]) : update;
  const still = missing();
  if (install.status !== 0 || still.length > 0) {
    const why = (install.stderr ?? '').trim().split('\n').at(-1) || `exit ${install.status}`;
    console.error(
      `preflight: apt-get could not install ${packages.join(' ')} (${why}): run apt-get update && apt-get install ${packages.join(' ')}`,
    );
    process.exit(1);
  }
}
