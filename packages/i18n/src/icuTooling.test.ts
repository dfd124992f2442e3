// The catalogue gate (catalogues/gate.ts) and the pseudo-locale's test parse messages with the ICU parser and
// format them with intl-messageformat: the versions react-intl renders the site with, so that a message the
// checks pass is a message the site can show (issue 37: they were a major behind).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const fromI18n = createRequire(import.meta.url);
const fromReactIntl = createRequire(fromI18n.resolve('react-intl'));
const intlMessageFormatOfReactIntl = createRequire(fromReactIntl.resolve('intl-messageformat'));

function packageFile(require: NodeJS.Require, name: string) {
  // The package's folder, whatever its exports map allows: its main file's nearest package.json.
  let dir = dirname(require.resolve(name));
  while (!JSON.parse(safeRead(join(dir, 'package.json')) ?? '{}').name) dir = dirname(dir);
  return join(dir, 'package.json');
}

function safeRead(path: string) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

describe('the ICU tooling of packages/i18n', () => {
  it.each([
    ['intl-messageformat', fromReactIntl],
    ['@formatjs/icu-messageformat-parser', intlMessageFormatOfReactIntl],
  ])('%s is the version react-intl renders with', (name, theirs) => {
    const version = (require: NodeJS.Require) =>
      JSON.parse(readFileSync(packageFile(require, name), 'utf8')).version;
    expect(version(fromI18n)).toBe(version(theirs));
  });
});
