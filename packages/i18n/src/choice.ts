// The choice of language as pure functions, with no browser API: the browser (./locales) and the server
// (apps/api, which sends a prerendered page in the applicant's language) make the same choice from them.
/** The two languages of the site. Japanese is the default (docs/behaviour.md#product: a Japanese university). */
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
 * The cookie that carries the same choice to the server, so that it sends the prerendered page in the
 * chosen language (apps/api). It holds nothing but `ja` or `en`.
 */
export const localeCookie = 'pre-admission.locale';

/** The saved choice in a Cookie header (or `document.cookie`), if it names a language of the site. */
export function readLocaleCookie(cookieHeader: string | undefined): Locale | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === localeCookie && isLocale(value)) return value;
  }
  return undefined;
}

/** The languages of an Accept-Language header, most preferred first (`q=0` means "not this one"). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

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
