import { chooseLocale, localeCookie, localeStorageKey, readLocaleCookie, type Locale } from './choice';

export {
  chooseLocale,
  defaultLocale,
  isDisplayLocale,
  isLocale,
  languageOf,
  localeCookie,
  localeNames,
  locales,
  localeStorageKey,
  pseudoLocale,
  readLocaleCookie,
  selectableLocales,
  type DisplayLocale,
  type Locale,
  type PseudoLocale,
} from './choice';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Safari in some private modes and sandboxed iframes throw on access.
    return undefined;
  }
}

/**
 * The saved choice: the cookie (cheap to read, and what the server chooses by), else localStorage (a
 * choice saved before the cookie existed; the first read of localStorage can take tens of milliseconds).
 */
export function readSavedLocale(): string | null {
  const cookie = typeof document === 'undefined' ? undefined : readLocaleCookie(document.cookie);
  if (cookie) return cookie;
  try {
    return storage()?.getItem(localeStorageKey) ?? null;
  } catch {
    return null;
  }
}

export function saveLocale(locale: Locale): void {
  try {
    storage()?.setItem(localeStorageKey, locale);
  } catch {
    // A full or disabled storage only costs the applicant their saved choice.
  }
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${localeCookie}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** The locale to start with in this browser. */
export function detectLocale(): Locale {
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return chooseLocale(readSavedLocale(), languages);
}
