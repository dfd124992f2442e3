/**
 * The catalogue gate (issue 3): both languages have the same ids and placeholders, every message compiles,
 * no Japanese message is left in English, every message has a description for translators that names its
 * placeholders (issue 18), and the compiled output is up to date with the sources. The rules live in ./gate,
 * which `npm run i18n:import` applies to a translated file too.
 */
import { describe, expect, it } from 'vitest';
import { compiledAreas } from '../all';
import parts from '../bundles/parts.json';
import { areas } from './index';
import { descriptions } from './descriptions';
import {
  strayJapaneseSpaces,
  areaProblems,
  compile,
  halfWidthPunctuation,
  latinAllowedInJapanese,
  literalText,
  placeholderMention,
  placeholders,
} from './gate';

const regenerate = 'run `npm run i18n:compile` and commit packages/i18n/src/generated with your catalogue';

describe.each(Object.entries(areas))('catalogue area %s', (area, { ja, en }) => {
  const file = (locale: string) => `packages/i18n/src/catalogues/${area}.${locale}.json`;

  it('has the same ids in Japanese and English', () => {
    const missingInEn = Object.keys(ja).filter((id) => !(id in en));
    const missingInJa = Object.keys(en).filter((id) => !(id in ja));
    expect(missingInEn, `ids missing from ${file('en')}`).toEqual([]);
    expect(missingInJa, `ids missing from ${file('ja')}`).toEqual([]);
  });

  it(`names every id ${area}.…`, () => {
    const strays = [...Object.keys(ja), ...Object.keys(en)].filter((id) => !id.startsWith(`${area}.`));
    expect(strays, `ids in ${file('ja|en')} must start with "${area}."`).toEqual([]);
  });

  it('compiles every message', () => {
    for (const [locale, catalogue] of [
      ['ja', ja],
      ['en', en],
    ] as const) {
      for (const [id, message] of Object.entries(catalogue)) {
        expect(() => compile(message), `${file(locale)}: ${id}`).not.toThrow();
        expect(message.trim(), `${file(locale)}: ${id} is empty`).not.toBe('');
      }
    }
  });

  it('uses the same placeholders and tags in both languages', () => {
    for (const id of Object.keys(ja)) {
      const english = en[id];
      if (english === undefined) continue;
      expect(placeholders(compile(english)), `${id}: placeholders differ between ja and en`).toEqual(
        placeholders(compile(ja[id] ?? '')),
      );
    }
  });

  it('leaves no Japanese message in English', () => {
    for (const [id, message] of Object.entries(ja)) {
      let text = literalText(compile(message));
      for (const term of latinAllowedInJapanese) text = text.split(term).join(' ');
      expect(text, `${file('ja')}: ${id} has untranslated Latin text`).not.toMatch(/[A-Za-z]/);
    }
  });

  it('uses full-width punctuation in Japanese text', () => {
    const hits = Object.entries(ja).flatMap(([id, message]) =>
      halfWidthPunctuation(message).map((hit) => `${id}: ${hit}`),
    );
    expect(hits, `${file('ja')}: use ：（）！？ after or before Japanese text`).toEqual([]);
  });

  it('leaves no English message in Japanese', () => {
    for (const [id, message] of Object.entries(en))
      expect(literalText(compile(message)), `${file('en')}: ${id} has Japanese text`).not.toMatch(
        /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
      );
  });
  it('describes every message for translators, and nothing else', () => {
    const described = descriptions[area];
    expect(described, `packages/i18n/src/catalogues/${area}.descriptions.json is missing`).toBeDefined();
    const missing = Object.keys(ja).filter((id) => !described?.[id]?.trim());
    const strays = Object.keys(described ?? {}).filter((id) => !(id in ja));
    expect(missing, `ids without a description in ${file('descriptions')}`).toEqual([]);
    expect(strays, `descriptions in ${file('descriptions')} of messages that do not exist`).toEqual([]);
  });

  it('says in each description what every placeholder holds', () => {
    for (const [id, message] of Object.entries(en)) {
      const description = descriptions[area]?.[id] ?? '';
      for (const signature of placeholders(compile(message)))
        expect(
          description,
          `${file('descriptions')}: ${id} must mention ${placeholderMention(signature)}`,
        ).toContain(placeholderMention(signature));
    }
  });

  it('passes the rules npm run i18n:import applies', () => {
    expect(areaProblems(area, { ja, en, descriptions: descriptions[area] })).toEqual([]);
  });
});

describe('issue 39 item 10: one style for Japanese text', () => {
  it('issue 39 item 10: no space between Japanese and numbers, Latin words or placeholders in any Japanese entry', () => {
    const hits = Object.entries(areas).flatMap(([area, { ja }]) =>
      Object.entries(ja).flatMap(([id, message]) =>
        strayJapaneseSpaces(message).map((hit) => `${area}: ${id}: ${hit}`),
      ),
    );
    expect(hits).toEqual([]);
  });

  it('finds the spaces of the issue, and leaves those between Latin words and between a date and its time', () => {
    for (const message of ['{date} から', '15 分後', 'この QR コード', '{email} でログイン'])
      expect(strayJapaneseSpaces(message), message).not.toEqual([]);
    for (const message of ['Caps Lockがオン', '{date} {time}まで', '10:00（日本時間）'])
      expect(strayJapaneseSpaces(message), message).toEqual([]);
  });

  it('issue 39 item 10: no English message outside the privacy notice uses its defined term "the Site"', () => {
    const hits = Object.entries(areas).flatMap(([area, { en }]) =>
      Object.entries(en)
        .filter(([id, message]) => !id.startsWith('account.privacy.') && /\b[Tt]he Site\b/.test(message))
        .map(([id]) => `${area}: ${id}`),
    );
    expect(hits).toEqual([]);
  });
});

describe('the full-width punctuation rule', () => {
  it('catches half-width punctuation next to Japanese text', () => {
    for (const message of [
      '出願準備: まとめ',
      '{title} (準備済み)',
      'エラー: {title}',
      '本当ですか?',
      '完了しました!',
    ])
      expect(halfWidthPunctuation(message), message).not.toEqual([]);
  });

  it('leaves it between Latin letters, digits and placeholders', () => {
    for (const message of [
      '10:00 から',
      'スコア：TOEFL (iBT)',
      '{hours}:{minutes}',
      '出願準備：まとめ（準備済み）',
    ])
      expect(halfWidthPunctuation(message), message).toEqual([]);
  });
});

describe('the merged catalogue', () => {
  it('has no description file without its catalogue area', () => {
    expect(Object.keys(descriptions).filter((area) => !(area in areas))).toEqual([]);
  });

  it('has no id in two areas', () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const [area, { ja }] of Object.entries(areas))
      for (const id of Object.keys(ja)) {
        if (seen.has(id)) duplicates.push(`${id} (${seen.get(id)}, ${area})`);
        seen.set(id, area);
      }
    expect(duplicates).toEqual([]);
  });

  it.each(Object.keys(areas).flatMap((area) => [`${area}.ja`, `${area}.en`]))(
    'has an up-to-date src/generated/%s.json',
    (file) => {
      const [area = '', locale = 'ja'] = file.split('.') as [string, 'ja' | 'en'];
      const source = areas[area]?.[locale] ?? {};
      const compiled = compiledAreas[area]?.[locale];
      expect(compiled, `src/generated/${file}.json is not imported in messages.ts`).toBeDefined();
      expect(Object.keys(compiled ?? {}).sort(), `the ids changed: ${regenerate}`).toEqual(
        Object.keys(source).sort(),
      );
      for (const [id, message] of Object.entries(source))
        expect(compiled?.[id], `${id} changed: ${regenerate}`).toEqual(
          JSON.parse(JSON.stringify(compile(message))),
        );
    },
  );
});

describe("the site's bundles (src/bundles/parts.json, cut by `npm run i18n:compile`)", () => {
  const files = import.meta.glob<Record<string, unknown>>('../generated/parts/*.json', {
    eager: true,
    import: 'default',
  });
  const partPrefixes = Object.entries(parts).filter(([name]) => !name.startsWith('$')) as Array<
    [string, string[]]
  >;
  const file = (name: string, locale: string) => files[`../generated/parts/${name}.${locale}.json`];

  it.each(['ja', 'en'] as const)(
    '%s: the first bundle and the parts hold the account and app areas, each message once, up to date',
    (locale) => {
      const whole = { ...compiledAreas.account?.[locale], ...compiledAreas.app?.[locale] };
      const first = file('first', locale);
      expect(first, `src/generated/parts/first.${locale}.json is missing: ${regenerate}`).toBeDefined();
      const seen: Record<string, unknown> = { ...first };
      for (const [name, prefixes] of partPrefixes) {
        const part = file(name, locale);
        expect(part, `src/generated/parts/${name}.${locale}.json is missing: ${regenerate}`).toBeDefined();
        const ids = Object.keys(part ?? {});
        expect(ids.length, `the part ${name} takes no message: a prefix is wrong`).toBeGreaterThan(0);
        for (const prefix of prefixes)
          expect(
            ids.some((id) => id.startsWith(prefix)),
            `${prefix} of the part ${name} names no message`,
          ).toBe(true);
        for (const id of ids) {
          expect(
            prefixes.some((prefix) => id.startsWith(prefix)),
            `${id} is not the part ${name}'s`,
          ).toBe(true);
          expect(id in seen, `${id} is in two bundles`).toBe(false);
        }
        Object.assign(seen, part);
      }
      for (const id of Object.keys(first ?? {}))
        expect(
          partPrefixes.some(([, prefixes]) => prefixes.some((prefix) => id.startsWith(prefix))),
          `${id} belongs to a part but is in the first bundle: ${regenerate}`,
        ).toBe(false);
      expect(seen, `the bundles are out of date: ${regenerate}`).toEqual(whole);
    },
  );
});
