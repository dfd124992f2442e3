import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { messages } from './all';
import { localeNames, locales, pseudoLocale, selectableLocales } from './choice';
import { placeholders } from './catalogues/gate';
import { pseudoCatalogue, pseudoMessage, pseudoText } from './pseudo';

const format = (elements: MessageFormatElement[], values?: Record<string, unknown>) =>
  String(new IntlMessageFormat(elements as never, 'en').format(values as never));

describe('the pseudo-locale en-XA', () => {
  it('accents every Latin letter and lengthens the text by about 35 %, between brackets', () => {
    const text = format(pseudoMessage(parse('Create an account') as MessageFormatElement[]));
    expect(text).toMatch(/^\[Çŕéåţé åñ åççöûñţ .+\]$/);
    expect(text).not.toMatch(/[A-Za-z]/);
    expect(text.length).toBeGreaterThanOrEqual(Math.round('Create an account'.length * 1.3));
  });

  it('keeps placeholders, plural forms and tags as they are', () => {
    const source = 'Signed out in {minutes, plural, one {# minute} other {# minutes}} as <b>{email}</b>.';
    const pseudo = pseudoMessage(parse(source) as MessageFormatElement[]);
    expect(placeholders(pseudo as never)).toEqual(placeholders(parse(source)));
    const text = format(pseudo, {
      minutes: 2,
      email: 'applicant@example.com',
      b: (chunks: string[]) => chunks.join(''),
    });
    expect(text).toContain('2 ɱîñûţéš');
    expect(text).toContain('applicant@example.com');
  });

  it('covers every English message', () => {
    expect(Object.keys(pseudoCatalogue(messages.en)).sort()).toEqual(Object.keys(messages.en).sort());
    expect(Object.keys(messages[pseudoLocale]).sort()).toEqual(Object.keys(messages.en).sort());
  });

  it('names itself, and pseudo texts, in accented letters only', () => {
    expect(localeNames[pseudoLocale]).not.toMatch(/[A-Za-z]/);
    expect(pseudoText('Pseudo')).toMatch(/^\[Þšéûðö .+\]$/);
  });

  it('is offered outside production builds only', () => {
    expect(selectableLocales({ production: true })).toEqual(locales);
    expect(selectableLocales({ production: false })).toEqual([...locales, pseudoLocale]);
  });
});
