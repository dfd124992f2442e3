// The gate: nothing in the repository cites the outside product document or points at a file outside the
// repository; the behaviour is docs/behaviour.md, and a citation names its section there (`docs/behaviour.md#routes`).
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/** Section citations ("spec 4", "Specs 3 and 7"), the outside file's name, and paths that leave the repo. */
const outside = /\bspecs?\s+[0-9]|product-spec|\.\.\/shared/i;

const excluded = [
  /(^|\/)node_modules\//,
  /(^|\/)generated\//,
  /(^|\/)package-lock\.json$/,
  // This gate names the pattern itself.
  /^scripts\/citations\.test\.ts$/,
];

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && !excluded.some((pattern) => pattern.test(file)));

function hitsIn(file: string): string[] {
  const path = join(root, file);
  let text: string;
  try {
    if (!statSync(path).isFile()) return [];
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  if (text.includes('\0')) return [];
  return text
    .split('\n')
    .flatMap((line, index) => (outside.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

describe('citations', () => {
  it('finds the files to check', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it('nothing cites the outside product document or a path outside the repository', () => {
    expect(files.flatMap(hitsIn)).toEqual([]);
  });

  it('the pattern catches each form of citation', () => {
    const forms = ['spec 2', '(Spec 4, 8)', "Spec 4's rules", 'specs 3 and 7', 'spec 5.1', '../shared/x.md'];
    expect(forms.filter((form) => !outside.test(form))).toEqual([]);
    expect(outside.test('docs/behaviour.md#routes')).toBe(false);
  });
});
