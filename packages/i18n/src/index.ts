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
  type Locale,
} from './locales';
export {
  FixedLocale,
  LocaleProvider,
  useLocale,
  type LocaleContextValue,
  type LocaleProviderProps,
} from './LocaleProvider';
export { compiledAreas, messages, type CompiledCatalogue } from './messages';
export { areas, sourceMessages, type MessageId, type SourceCatalogue } from './catalogues';
