/**
 * The catalogue gate (issue 3): both languages have the same ids and placeholders, every message compiles,
 * no Japanese message is left in English, and the compiled output is up to date with the sources.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { compiledAreas } from '../all';
import { areas } from './index';

/** Terms a Japanese message may keep in Latin letters: product names, technical words, ICU-free codes. */
const latinAllowedInJapanese = [
  'Chrome',
  'Edge',
  'Firefox',
  'Safari',
  'macOS',
  'URL',
  'OK',
  'Caps Lock',
  'status',
];

const regenerate = 'run `npm run i18n:compile` and commit packages/i18n/src/generated with your catalogue';

function literalText(elements: MessageFormatElement[]): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) return element.value;
      if (element.type === TYPE.tag) return literalText(element.children);
      if (element.type === TYPE.plural || element.type === TYPE.select)
        return Object.values(element.options)
          .map((option) => literalText(option.value))
          .join(' ');
      return ' ';
    })
    .join('');
}

/** The placeholders and tags of a message, as a sorted signature such as `email:argument`, `b:tag`. */
function placeholders(elements: MessageFormatElement[]): string[] {
  const found = new Set<string>();
  const walk = (list: MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      found.add(`${element.value}:${TYPE[element.type]}`);
      if (element.type === TYPE.tag) walk(element.children);
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(elements);
  return [...found].sort();
}

function compile(message: string): MessageFormatElement[] {
  return parse(message);
}

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

  it('leaves no English message in Japanese', () => {
    for (const [id, message] of Object.entries(en))
      expect(literalText(compile(message)), `${file('en')}: ${id} has Japanese text`).not.toMatch(
        /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
      );
  });
});

describe('the merged catalogue', () => {
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
