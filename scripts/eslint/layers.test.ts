// The one-way import rule (eslint.config.js, eslint-plugin-boundaries): imports flow api, i18n → ui →
// account → apps. Each case lints a line of code as if it stood in a file of the repository, through
// ESLint's own API with the repository's configuration, and expects the rule's verdict.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The boundaries/dependencies messages for one import written in `file` (relative to the root). */
async function layerErrors(file: string, source: string): Promise<string[]> {
  const code = `import { value } from '${source}';\nexport const used = value;\n`;
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => message.message);
}

const relativeCrossing =
  'a relative import may not leave its workspace: import another workspace by its package name';

describe('the layers of eslint.config.js', { timeout: 60_000 }, () => {
  it.each([
    ['packages/ui/src/Probe.ts', '@pre-admission/api', 'packages/ui knows nothing of the API'],
    ['packages/ui/src/Probe.ts', '../../account/src/index', 'packages/ui knows nothing of the API'],
    ['packages/api/src/Probe.ts', '@pre-admission/ui', 'packages/api knows nothing of React'],
    ['packages/api/src/Probe.ts', 'react', 'packages/api knows nothing of React'],
    ['packages/i18n/src/Probe.ts', '@pre-admission/ui', 'packages/i18n knows nothing of the API'],
    ['packages/ui/src/Probe.ts', 'openapi-fetch', 'packages/ui knows nothing of the API'],
    ['packages/account/src/Probe.ts', '@pre-admission/web', 'the account kit receives navigation'],
    ['packages/account/src/Probe.ts', 'react-router-dom', 'the account kit receives navigation'],
    [
      'apps/api/src/Probe.ts',
      '@pre-admission/account',
      'the reference provider takes only the route matching',
    ],
    ['apps/api/src/Probe.ts', '@pre-admission/ui', 'the reference provider shares only'],
    ['apps/api/src/Probe.ts', '@pre-admission/i18n', 'the reference provider takes only the language'],
    ['packages/rules/src/Probe.ts', '@pre-admission/ui', 'packages/rules holds pure functions'],
    ['packages/rules/src/Probe.ts', '@pre-admission/i18n', 'packages/rules holds pure functions'],
    ['packages/rules/src/Probe.ts', 'react', 'packages/rules holds pure functions'],
    ['packages/rules/src/Probe.ts', '@pre-admission/api', 'packages/rules takes only types'],
    ['packages/ui/src/Probe.ts', '@pre-admission/rules', 'packages/ui knows nothing of the API'],
    ['packages/api/src/Probe.ts', '@pre-admission/rules', 'packages/api knows nothing of React'],
    ['apps/web/src/Probe.ts', '@pre-admission/contract', 'the browser never loads packages/contract'],
    ['packages/ui/src/Probe.ts', '@pre-admission/contract', 'packages/ui knows nothing of the API'],
    ['packages/contract/src/Probe.ts', '@pre-admission/api', 'packages/contract is openapi.yaml as data'],
  ])('refuses an upward import: %s imports %s', async (file, source, why) => {
    const errors = await layerErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(why);
  });

  it('lets packages/rules take types from packages/api', async () => {
    const code = `import type { components } from '@pre-admission/api/schema';\nexport type T = components['schemas']['Teacher'];\n`;
    const [result] = await eslint.lintText(code, { filePath: 'packages/rules/src/Probe.ts' });
    expect(result?.messages.filter((m) => m.ruleId === 'boundaries/dependencies')).toEqual([]);
  });

  it.each([
    ['packages/account/src/Probe.ts', '../../ui/src/index'],
    ['packages/account/src/Probe.ts', '../../../scripts/start.mjs'],
    ['tests/e2e/Probe.ts', '../../packages/ui/src/index'],
    ['apps/web/src/Probe.ts', '../../../packages/account/src/index'],
  ])('refuses a relative import that leaves its workspace: %s imports %s', async (file, source) => {
    expect(await layerErrors(file, source)).toEqual([relativeCrossing]);
  });

  it.each([
    ['packages/ui/src/Probe.ts', '@pre-admission/i18n'],
    ['packages/ui/src/Probe.ts', './components/Button/Button'],
    ['packages/account/src/Probe.ts', '@pre-admission/ui'],
    ['packages/account/src/Probe.ts', '@pre-admission/api'],
    ['apps/web/src/Probe.ts', '@pre-admission/account'],
    ['apps/api/src/Probe.ts', '@pre-admission/contract'],
    ['apps/api/src/Probe.ts', '@pre-admission/i18n/choice'],
    ['apps/api/src/Probe.ts', '@pre-admission/account/routes'],
    ['apps/api/scripts/Probe.ts', '../src/platform/config.ts'],
    ['tests/e2e/Probe.ts', '@pre-admission/i18n'],
    ['apps/api/src/Probe.ts', '@pre-admission/rules'],
    ['packages/account/src/Probe.ts', '@pre-admission/rules'],
    ['apps/web/src/Probe.ts', '@pre-admission/rules'],
  ])('allows a downward or internal import: %s imports %s', async (file, source) => {
    expect(await layerErrors(file, source)).toEqual([]);
  });
});

describe(
  'provider-state code stays out of what production runs (eslint.config.js)',
  { timeout: 60_000 },
  () => {
    async function restricted(file: string, code: string): Promise<string[]> {
      const [result] = await eslint.lintText(code, { filePath: file });
      return (result?.messages ?? [])
        .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
        .map((message) => message.message);
    }

    it('refuses a static import of providerStates/ from the rest of the server', async () => {
      const code =
        "import { setUpState } from '../providerStates/states.ts';\nexport const used = setUpState;\n";
      expect(await restricted('apps/api/src/routes/Probe.ts', code)).toEqual([
        expect.stringContaining('provider-state code stays out of what production runs'),
      ]);
    });

    it('allows a type import, an import() where the states are switched on, and imports inside the folder', async () => {
      const typeOnly =
        "import type { StateDoc } from '../providerStates/types.ts';\nexport type Used = StateDoc;\n";
      expect(await restricted('apps/api/src/routes/Probe.ts', typeOnly)).toEqual([]);
      const dynamic = "export const load = () => import('../providerStates/states.ts');\n";
      expect(await restricted('apps/api/src/plugins/Probe.ts', dynamic)).toEqual([]);
      const inside =
        "import { passkeyStates } from './passkeyStates.ts';\nexport const used = passkeyStates;\n";
      expect(await restricted('apps/api/src/providerStates/Probe.ts', inside)).toEqual([]);
    });
  },
);
