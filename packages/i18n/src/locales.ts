/** The two languages of the site. Japanese is the default (spec 1: a Japanese university). */
export const locales = ['ja', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'ja';

/**
 * Each language named in itself, for the language switch. These are endonyms, the same in every catalogue,
 * so they are data rather than translations.
 */
export const localeNames: Readonly<Record<Locale, string>> = { ja: '日本語', en: 'English' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The localStorage key holding the applicant's saved choice. */
export const localeStorageKey = 'pre-admission.locale';

/**
 * The saved choice, else the first of the browser's preferred languages that is Japanese or English
 * (`ja-JP` counts as `ja`, `en-GB` as `en`), else Japanese.
 */
export function chooseLocale(saved: string | null | undefined, languages: readonly string[]): Locale {
  if (isLocale(saved)) return saved;
  for (const language of languages) {
    const primary = language.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return defaultLocale;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Safari in some private modes and sandboxed iframes throw on access.
    return undefined;
  }
}

export function readSavedLocale(): string | null {
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
}

/** The locale to start with in this browser. */
export function detectLocale(): Locale {
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return chooseLocale(readSavedLocale(), languages);
}
