import type { MessageFormatElement } from 'react-intl';
import type { Locale } from './locales';
import type { MessageId } from './catalogues';
// Precompiled by `npm run i18n:compile` (formatjs AST), one file per source catalogue, so the browser never
// parses ICU text. To add an area, import its two compiled files here as well.
import accountEn from './generated/account.en.json';
import accountJa from './generated/account.ja.json';
import appEn from './generated/app.en.json';
import appJa from './generated/app.ja.json';
import demoEn from './generated/demo.en.json';
import demoJa from './generated/demo.ja.json';
import uiEn from './generated/ui.en.json';
import uiJa from './generated/ui.ja.json';

export type CompiledCatalogue = Readonly<Record<MessageId, MessageFormatElement[]>>;

/** The compiled files per area, keyed like `areas` in ./catalogues (the gate compares the two). */
export const compiledAreas: Readonly<
  Record<string, Readonly<Record<Locale, Readonly<Record<string, unknown>>>>>
> = {
  ui: { ja: uiJa, en: uiEn },
  account: { ja: accountJa, en: accountEn },
  app: { ja: appJa, en: appEn },
  demo: { ja: demoJa, en: demoEn },
};

function merge(locale: Locale): CompiledCatalogue {
  // The JSON imports are typed structurally (`type: number`); the AST enum is the same numbers.
  return Object.assign({}, ...Object.values(compiledAreas).map((area) => area[locale])) as CompiledCatalogue;
}

/** The compiled messages for each locale, ready for IntlProvider. */
export const messages: Readonly<Record<Locale, CompiledCatalogue>> = { ja: merge('ja'), en: merge('en') };
