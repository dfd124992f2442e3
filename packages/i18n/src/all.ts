/**
 * Every compiled catalogue of every area, both languages, registered at once: for Storybook, the tests and
 * the catalogue gate. The site itself never imports this file; it loads one language at a time.
 */
import { createIntl, type IntlShape } from 'react-intl';
import { isDisplayLocale, languageOf, pseudoLocale, type DisplayLocale, type Locale } from './locales';
import { pseudoCatalogue } from './pseudo';
import { registerMessages, type CompiledCatalogue } from './messages';
import accountEn from './generated/account.en.json';
import accountJa from './generated/account.ja.json';
import appEn from './generated/app.en.json';
import appJa from './generated/app.ja.json';
import deskEn from './generated/desk.en.json';
import deskJa from './generated/desk.ja.json';
import demoEn from './generated/demo.en.json';
import demoJa from './generated/demo.ja.json';
import plannerEn from './generated/planner.en.json';
import plannerJa from './generated/planner.ja.json';
import uiEn from './generated/ui.en.json';
import uiJa from './generated/ui.ja.json';

/** The compiled files per area, keyed like `areas` in ./catalogues (the gate compares the two). To add an area, add its files here too. */
export const compiledAreas: Readonly<
  Record<string, Readonly<Record<Locale, Readonly<Record<string, unknown>>>>>
> = {
  ui: { ja: uiJa, en: uiEn },
  account: { ja: accountJa, en: accountEn },
  app: { ja: appJa, en: appEn },
  demo: { ja: demoJa, en: demoEn },
  planner: { ja: plannerJa, en: plannerEn },
  desk: { ja: deskJa, en: deskEn },
};

function merge(locale: Locale): CompiledCatalogue {
  // The JSON imports are typed structurally (`type: number`); the AST enum is the same numbers.
  return Object.assign({}, ...Object.values(compiledAreas).map((area) => area[locale])) as CompiledCatalogue;
}

const ja = merge('ja');
const en = merge('en');

/** The compiled messages for each locale and the pseudo-locale (derived from English), ready for IntlProvider. */
export const messages: Readonly<Record<DisplayLocale, CompiledCatalogue>> = {
  ja,
  en,
  [pseudoLocale]: pseudoCatalogue(en),
};

registerMessages('ja', messages.ja);
registerMessages('en', messages.en);
registerMessages(pseudoLocale, messages[pseudoLocale]);

/**
 * The intl of the locale a story is shown in (its `locale` global: ja, en or the pseudo-locale en-XA, which
 * formats as English; ja when unset), so a play function asserts the text the story shows, never a
 * hard-coded one. `intl.locale` is the language the story's data is in.
 */
export function intlOf(globals: Readonly<Record<string, unknown>>): IntlShape {
  const shown = isDisplayLocale(globals.locale) ? globals.locale : 'ja';
  return createIntl({ locale: languageOf(shown), messages: messages[shown] });
}

export { areas, sourceMessages, type SourceCatalogue } from './catalogues';
export { descriptions } from './catalogues/descriptions';
