import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { messages } from './messages';
import { detectLocale, saveLocale, type Locale } from './locales';

export interface LocaleContextValue {
  locale: Locale;
  /** Switches the language: saves the choice and sets `<html lang>`. Route and typed input stay. */
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

export interface LocaleProviderProps {
  children: ReactNode;
  /** Controlled locale (Storybook's toolbar, tests). Without it the provider detects and keeps its own. */
  locale?: Locale;
  /** Called after a change; with a controlled `locale`, the owner must pass the new value back. */
  onLocaleChange?: (locale: Locale) => void;
  /** Whether a change is saved to localStorage (default true; Storybook turns it off). */
  persist?: boolean;
}

/**
 * The language of the whole site: react-intl's IntlProvider with the precompiled catalogues, and the
 * locale choice of issue 3 (saved choice, else browser languages, else Japanese).
 * A change re-renders in place and never remounts, so nothing typed is lost.
 */
export function LocaleProvider({
  children,
  locale: controlled,
  onLocaleChange,
  persist = true,
}: LocaleProviderProps) {
  const [own, setOwn] = useState<Locale>(() => controlled ?? detectLocale());
  const locale = controlled ?? own;

  const setLocale = useCallback(
    (next: Locale) => {
      if (persist) saveLocale(next);
      setOwn(next);
      onLocaleChange?.(next);
    },
    [onLocaleChange, persist],
  );

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={locale} messages={messages[locale]} defaultLocale="ja">
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale must be used inside <LocaleProvider>');
  return value;
}

/**
 * Renders its children in one fixed language, whatever the site's language is: the bilingual
 * unsupported-browser page and the Japanese heading of the unexpected-error page.
 */
export function FixedLocale({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <IntlProvider locale={locale} messages={messages[locale]} defaultLocale="ja">
      {children}
    </IntlProvider>
  );
}
