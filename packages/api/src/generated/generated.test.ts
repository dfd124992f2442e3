import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm run generate` must have been run after every change to openapi.yaml or openapi.staff.yaml: a fresh generation into a
// temporary folder has to equal the committed files byte for byte.
const packageDir = new URL('../../', import.meta.url).pathname;
const root = new URL('../../../../', import.meta.url).pathname;

describe('the generated files', () => {
  it('match a fresh generation from openapi.yaml', { timeout: 60_000 }, () => {
    const out = mkdtempSync(join(tmpdir(), 'api-generated-'));
    const bin = (name: string) => join(root, 'node_modules/.bin', name);
    execFileSync(bin('openapi-typescript'), [join(root, 'openapi.yaml'), '-o', join(out, 'schema.ts')], {
      stdio: 'pipe',
    });
    // The staff's contract (docs/security.md#staff): its own module, which no applicant code imports.
    execFileSync(bin('openapi-typescript'), [join(root, 'openapi.staff.yaml'), '-o', join(out, 'staff.ts')], {
      stdio: 'pipe',
    });
    execFileSync('node', [join(packageDir, 'scripts/generate-examples.mjs'), join(out, 'examples.ts')], {
      stdio: 'pipe',
    });
    execFileSync(bin('prettier'), ['--write', out, '--config', join(root, '.prettierrc.json')], {
      stdio: 'pipe',
    });
    for (const file of ['schema.ts', 'staff.ts', 'examples.ts']) {
      const committed = readFileSync(join(packageDir, 'src/generated', file), 'utf8');
      const fresh = readFileSync(join(out, file), 'utf8');
      expect(fresh, `src/generated/${file} is stale: run npm run generate`).toBe(committed);
    }
  });
});
