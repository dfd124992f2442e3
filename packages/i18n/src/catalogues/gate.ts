/**
 * The rules of the catalogue gate as functions: the gate (catalogues.test.ts) and `npm run i18n:import`
 * (../xliff) check a catalogue with the same code, so a translation file that the gate would refuse is
 * refused before it is written.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** Terms a Japanese message may keep in Latin letters: product names, technical words, ICU-free codes. */
export const latinAllowedInJapanese = [
  'Chrome',
  'Edge',
  'Firefox',
  'Safari',
  'macOS',
  'OK',
  'Caps Lock',
  // The export-control country groups (issue 41): METI's own Japanese writes グループA, グループD.
  'グループA',
  'グループD',
  'status',
  // The QR code of the authenticator app's set-up: QR コード is how Japanese names it.
  'QR',
  // The documents section (issue 38): the file types and the products Japanese names as they are.
  'PDF',
  'JPEG',
  'PNG',
  'GIF',
  'HEIC',
  'OpenDocument',
  'Word',
  'iPhone',
  'iPad',
  // The desk's exports (issue 40): the file formats Japanese names as they are, CSV ファイル, ZIP ファイル.
  'CSV',
  'ZIP',
];

/** The text a reader sees of a message, placeholders replaced by a space. */
export function literalText(elements: MessageFormatElement[]): string {
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
export function placeholders(elements: MessageFormatElement[]): string[] {
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

/** How a description must name a placeholder: `{email}` for an argument, `<b>` for a tag. */
export function placeholderMention(signature: string): string {
  const [name = '', kind] = signature.split(':');
  return kind === 'tag' ? `<${name}>` : `{${name}}`;
}

export function compile(message: string): MessageFormatElement[] {
  return parse(message);
}

/** The Latin text left in a Japanese message once the allowed terms are taken out ('' when none). */
export function untranslatedLatin(japanese: string): string {
  let text = literalText(compile(japanese));
  for (const term of latinAllowedInJapanese) text = text.split(term).join(' ');
  return /[A-Za-z]/.test(text) ? text.trim() : '';
}

const japanese = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60ー]/u;

/**
 * The half-width `:` `(` `)` `!` `?` next to Japanese text in a Japanese message, each with its
 * surroundings (docs/glossary.md#punctuation): Japanese takes the full-width ：（）！？. Between Latin
 * letters or digits (`10:00`, `TOEFL (iBT)`) they stay half-width. Placeholders count as neither.
 */
export function halfWidthPunctuation(message: string): string[] {
  const text = literalText(compile(message));
  const found: string[] = [];
  for (const match of text.matchAll(/[:()!?]/g)) {
    const before = text.slice(0, match.index).trimEnd().at(-1) ?? '';
    const after = text.slice(match.index + 1).trimStart()[0] ?? '';
    if (japanese.test(before) || japanese.test(after))
      found.push(text.slice(Math.max(0, match.index - 6), match.index + 7).trim());
  }
  return found;
}

/**
 * A space between Japanese text and a number, a Latin word or a placeholder (issue 39 item 10): the site's one
 * style is none (「2026年11月27日から」「15分後」「このQRコード」「{email}でログインしています。」;
 * docs/glossary.md). A space between two Latin words or two placeholders (a date and its time) stays.
 */
export function strayJapaneseSpaces(message: string): string[] {
  const latin = /[A-Za-z0-9{}]/;
  const found: string[] = [];
  for (const match of message.matchAll(/[ \u3000]+/g)) {
    const before = message[match.index - 1] ?? '';
    const after = message[match.index + match[0].length] ?? '';
    if ((japanese.test(before) && latin.test(after)) || (latin.test(before) && japanese.test(after)))
      found.push(message.slice(Math.max(0, match.index - 6), match.index + match[0].length + 6));
  }
  return found;
}

export interface AreaCatalogue {
  ja: Readonly<Record<string, string>>;
  en: Readonly<Record<string, string>>;
  descriptions?: Readonly<Record<string, string>>;
}

/**
 * Every problem of one area, one sentence each naming the file and id: the ids of the two languages and
 * the descriptions match, every message compiles, placeholders are the same in both languages and named in
 * the description, no Latin words are left in Japanese and no Japanese in English, and Japanese takes
 * full-width punctuation.
 */
export function areaProblems(area: string, { ja, en, descriptions }: AreaCatalogue): string[] {
  const file = (kind: string) => `packages/i18n/src/catalogues/${area}.${kind}.json`;
  const problems: string[] = [];
  for (const id of Object.keys(ja)) if (!(id in en)) problems.push(`${file('en')}: ${id} is missing`);
  for (const id of Object.keys(en)) if (!(id in ja)) problems.push(`${file('ja')}: ${id} is missing`);
  for (const id of new Set([...Object.keys(ja), ...Object.keys(en)]))
    if (!id.startsWith(`${area}.`))
      problems.push(`${id}: ids of ${file('ja|en')} must start with "${area}."`);
  const compiled: Record<string, Record<string, MessageFormatElement[] | undefined>> = { ja: {}, en: {} };
  for (const [locale, catalogue] of [
    ['ja', ja],
    ['en', en],
  ] as const)
    for (const [id, message] of Object.entries(catalogue)) {
      if (typeof message !== 'string' || message.trim() === '') {
        problems.push(`${file(locale)}: ${id} is empty`);
        continue;
      }
      try {
        compiled[locale]![id] = compile(message);
      } catch (error) {
        problems.push(`${file(locale)}: ${id} does not compile (${(error as Error).message}): ${message}`);
      }
    }
  for (const [id, elements] of Object.entries(compiled.ja!)) {
    const english = compiled.en![id];
    if (!elements) continue;
    if (english && placeholders(english).join() !== placeholders(elements).join())
      problems.push(
        `${id}: placeholders differ between ja (${placeholders(elements).join(', ') || 'none'}) and en (${placeholders(english).join(', ') || 'none'})`,
      );
    const latin = untranslatedLatin(ja[id] ?? '');
    if (latin) problems.push(`${file('ja')}: ${id} has untranslated Latin text: ${latin}`);
    for (const hit of strayJapaneseSpaces(ja[id] ?? ''))
      problems.push(`${file('ja')}: ${id} has a space between Japanese and Latin text or a number: ${hit}`);
    for (const hit of halfWidthPunctuation(ja[id] ?? ''))
      problems.push(
        `${file('ja')}: ${id} has half-width punctuation in Japanese text (use ：（）！？): ${hit}`,
      );
  }
  for (const [id, elements] of Object.entries(compiled.en!))
    if (elements && /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(literalText(elements)))
      problems.push(`${file('en')}: ${id} has Japanese text`);
  if (!descriptions) {
    problems.push(`${file('descriptions')} is missing: every message needs a description for translators`);
    return problems;
  }
  for (const id of Object.keys(ja)) {
    const description = descriptions[id];
    if (typeof description !== 'string' || description.trim() === '') {
      problems.push(`${file('descriptions')}: ${id} has no description for translators`);
      continue;
    }
    const elements = compiled.en![id] ?? compiled.ja![id];
    for (const signature of elements ? placeholders(elements) : []) {
      const mention = placeholderMention(signature);
      if (!description.includes(mention))
        problems.push(`${file('descriptions')}: ${id} must say what ${mention} holds (with an example)`);
    }
  }
  for (const id of Object.keys(descriptions))
    if (!(id in ja)) problems.push(`${file('descriptions')}: ${id} describes a message that does not exist`);
  return problems;
}
