// The kit READMEs' code is the consumer test's code (docs/testing.md#the-kit-as-packages): every TypeScript
// block of packages/{api,i18n,ui,account}/README.md names, in a comment just above it, the region of
// tests/consumer-kit/app/src/main.tsx it is (`<!-- consumer-kit: imports -->`), and is that region word for
// word; or says it is not an app's code (`<!-- not app code: what it is -->`). The consumer test installs the
// packed kit, builds that file and opens it in a Japanese and an English browser, so a recipe that does not
// work fails there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const appFile = 'tests/consumer-kit/app/src/main.tsx';
const readmes = ['api', 'i18n', 'ui', 'account'].map((name) => `packages/${name}/README.md`);

/** The regions of the consumer app: `// #region readme:<name>` … `// #endregion`. */
function regions(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(/^\/\/ #region readme:([\w-]+)\n([\s\S]*?)^\/\/ #endregion$/gm))
    found.set(match[1]!, match[2]!.trimEnd());
  return found;
}

interface Block {
  line: number;
  marker: string | undefined;
  code: string;
}

/** Every ```ts / ```tsx block of a README, with the HTML comment on the line above it, if any. */
function tsBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (!/^```tsx?$/.test(lines[i]!)) continue;
    const end = lines.indexOf('```', i + 1);
    const above = lines.slice(0, i).findLast((line) => line.trim() !== '');
    blocks.push({
      line: i + 1,
      marker: /^<!-- (.*) -->$/.exec(above ?? '')?.[1],
      code: lines.slice(i + 1, end).join('\n'),
    });
    i = end;
  }
  return blocks;
}

const app = regions(readFileSync(join(root, appFile), 'utf8'));

describe.each(readmes)('%s', (readme) => {
  const blocks = tsBlocks(readFileSync(join(root, readme), 'utf8'));

  it('has a recipe or says what its code is, above every TypeScript block', () => {
    const unmarked = blocks
      .filter((block) => !/^(consumer-kit: [\w-]+|not app code: .+)$/.test(block.marker ?? ''))
      .map((block) => `${readme}:${block.line}`);
    expect(unmarked).toEqual([]);
  });

  it(`has recipes that are ${appFile}'s regions word for word`, () => {
    for (const block of blocks) {
      const region = /^consumer-kit: ([\w-]+)$/.exec(block.marker ?? '')?.[1];
      if (!region) continue;
      expect(app.has(region), `${readme}:${block.line} names region ${region}`).toBe(true);
      expect(block.code, `${readme}:${block.line} (region ${region})`).toBe(app.get(region));
    }
  });
});

it('the consumer app has the regions the READMEs name, and each is in some README', () => {
  const named = new Set(
    readmes.flatMap((readme) =>
      tsBlocks(readFileSync(join(root, readme), 'utf8')).flatMap(
        (block) => /^consumer-kit: ([\w-]+)$/.exec(block.marker ?? '')?.[1] ?? [],
      ),
    ),
  );
  expect([...app.keys()].sort()).toEqual([...named].sort());
});
