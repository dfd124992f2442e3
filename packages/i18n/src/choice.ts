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
export const localeNames: Readonly<Record<DisplayLocale, string>> = {
  ja: '日本語',
  en: 'English',
  // The pseudo-locale names itself in itself too: its region code, accented (./pseudo); short, as the
  // header's language switch must still fit a 320px-wide screen.
  'en-XA': 'ẊÅ',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * The pseudo-locale (issue 18, ./pseudo): English accented and about 35 % longer, for finding hard-coded
 * texts and layouts without room for longer translations. Storybook's locale toolbar offers it, and the
 * language switch does outside production builds; it is never saved, never sent to the server and never
 * chosen from the browser's languages.
 */
export const pseudoLocale = 'en-XA';
export type PseudoLocale = typeof pseudoLocale;
/** What a screen can be shown in: a language of the site, or the pseudo-locale. */
export type DisplayLocale = Locale | PseudoLocale;

export function isDisplayLocale(value: unknown): value is DisplayLocale {
  return value === pseudoLocale || isLocale(value);
}

/** The language a display locale formats dates and numbers in, and picks language-specific data by. */
export function languageOf(locale: DisplayLocale): Locale {
  return locale === pseudoLocale ? 'en' : locale;
}

/** The choices of the language switch: the pseudo-locale too, but never in a production build. */
export function selectableLocales({ production }: { production: boolean }): readonly DisplayLocale[] {
  return production ? locales : [...locales, pseudoLocale];
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
