import { describe, expect, it } from 'vitest';
import { missingFeatures } from './browserSupport';

describe('the browser test at start (docs/behaviour.md#routes: unsupported browser)', () => {
  it('finds nothing missing in a browser that has what the site uses', () => {
    expect(missingFeatures(globalThis)).toEqual([]);
  });

  it('names what an old browser lacks', () => {
    const old = {
      ...Object.fromEntries(
        Object.getOwnPropertyNames(globalThis).map((name) => [name, Reflect.get(globalThis, name)]),
      ),
      fetch: undefined,
      Intl: { PluralRules: Intl.PluralRules },
    };
    expect(missingFeatures(old as unknown as typeof globalThis)).toEqual([
      'fetch',
      'Intl.RelativeTimeFormat',
    ]);
  });
});
