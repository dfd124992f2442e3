import type { MessageFormatElement } from 'react-intl';
import type { Locale } from './locales';
import type { MessageId } from './catalogues';
// Precompiled by `npm run i18n:compile` (formatjs AST), so the browser never parses ICU text.
import compiledEn from './generated/en.json';
import compiledJa from './generated/ja.json';

export type CompiledCatalogue = Readonly<Record<MessageId, MessageFormatElement[]>>;

/** The compiled messages for each locale, ready for IntlProvider. */
export const messages: Readonly<Record<Locale, CompiledCatalogue>> = {
  // The JSON import is typed structurally (`type: number`); the AST enum is the same numbers.
  ja: compiledJa as unknown as CompiledCatalogue,
  en: compiledEn as unknown as CompiledCatalogue,
};
