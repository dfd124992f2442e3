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
  type LocaleContextValue,
  type LocaleProviderProps,
} from './LocaleProvider';
export {
  loadedMessages,
  loadMessages,
  registerMessages,
  uiMessages,
  type CompiledCatalogue,
} from './messages';
export type { MessageId, SourceCatalogue } from './catalogues';
