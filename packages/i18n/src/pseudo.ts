/**
 * The pseudo-locale `en-XA` (issue 18): the English messages with every Latin letter accented and about
 * 35 % more text between brackets, `[Šîĝñ îñ ·ŀöŕéɱ·]`. A screen shown in it makes two faults visible:
 * a text that stays plain English was not taken from the catalogues (hard-coded), and a text whose
 * closing bracket is missing or spills out of its box has no room for a longer translation.
 *
 * It works on the compiled formatjs AST, so it needs no ICU parser and no file of its own: it is derived
 * from the English catalogue wherever the English catalogue is loaded. Placeholders, plural and select
 * branches, `#` and tags stay as they are; only literal text changes.
 */
import type { MessageFormatElement } from 'react-intl';

const accents: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index] ?? letter,
  ]),
);

/** Filler for the extra length: accented words, so that they never look like a hard-coded English text. */
const filler = 'ļöŕéɱ îþšûɱ ðöļöŕ šîţ åɱéţ çöñšéçţéţûŕ åðîþîšçîñĝ éļîţ šéð ðö éîûšɱöð ţéɱþöŕ';

/** The share of extra text: English grows by about this much in German or French, and so may Japanese's English. */
export const pseudoExpansion = 0.35;

export function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => accents[letter] ?? letter);
}

function accentElements(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    // 0 literal, 5 select, 6 plural, 8 tag (the formatjs TYPE enum; the compiled JSON holds the numbers).
    if (element.type === 0) return { ...element, value: accent(element.value) };
    if (element.type === 8) return { ...element, children: accentElements(element.children) };
    if (element.type === 5 || element.type === 6)
      return {
        ...element,
        options: Object.fromEntries(
          Object.entries(element.options).map(([key, option]) => [
            key,
            { ...option, value: accentElements(option.value) },
          ]),
        ),
      } as MessageFormatElement;
    return element;
  });
}

function literalLength(elements: readonly MessageFormatElement[]): number {
  let length = 0;
  for (const element of elements) {
    if (element.type === 0) length += element.value.length;
    else if (element.type === 8) length += literalLength(element.children);
    else if (element.type === 5 || element.type === 6) {
      const first = Object.values(element.options)[0];
      length += first ? literalLength(first.value) : 0;
    } else length += 4; // a placeholder's value: a word, about
  }
  return length;
}

/** The padding for a text of `length` characters: about 35 % more, at least one character. */
export function padding(length: number): string {
  const count = Math.max(1, Math.round(length * pseudoExpansion));
  let text = '';
  while (text.length < count) text += filler;
  return text.slice(0, count).trimEnd();
}

/** One compiled message in the pseudo-locale. */
export function pseudoMessage(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  return [
    { type: 0, value: '[' },
    ...accentElements(elements),
    { type: 0, value: ` ${padding(literalLength(elements))}]` },
  ] as MessageFormatElement[];
}

/** A string in the pseudo-locale (for texts that are data, such as the name of the pseudo-locale). */
export function pseudoText(text: string): string {
  return `[${accent(text)} ${padding(text.length)}]`;
}

/** A whole compiled catalogue (the English one) in the pseudo-locale. */
export function pseudoCatalogue<Id extends string>(
  catalogue: Readonly<Partial<Record<Id, MessageFormatElement[]>>>,
): Record<Id, MessageFormatElement[]> {
  return Object.fromEntries(
    Object.entries(catalogue).map(([id, elements]) => [
      id,
      pseudoMessage(elements as MessageFormatElement[]),
    ]),
  ) as Record<Id, MessageFormatElement[]>;
}
