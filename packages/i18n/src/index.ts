import './intl-types';

export {
  chooseLocale,
  defaultLocale,
  detectLocale,
  isLocale,
  localeNames,
  locales,
  localeStorageKey,
  readSavedLocale,
  saveLocale,
  localeCookie,
  readLocaleCookie,
  isDisplayLocale,
  languageOf,
  pseudoLocale,
  selectableLocales,
  type DisplayLocale,
  type Locale,
  type PseudoLocale,
} from './locales';
export {
  FixedLocale,
  LocaleProvider,
  useLocale,
  useMessageParts,
  type LocaleContextValue,
  type LocaleProviderProps,
} from './LocaleProvider';
export {
  hasMessagePart,
  loadedMessages,
  loadMessageParts,
  loadMessages,
  registerMessages,
  uiMessages,
  type CompiledCatalogue,
  type MessagePart,
} from './messages';
export type { MessageId, SourceCatalogue } from './catalogues';
