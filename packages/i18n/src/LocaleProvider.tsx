import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  use,
  type ReactNode,
} from 'react';
import { IntlProvider } from 'react-intl';
import {
  hasMessagePart,
  loadedMessages,
  loadMessageParts,
  loadMessages,
  messagesReady,
  uiMessages,
  type CompiledCatalogue,
  type MessagePart,
} from './messages';
import {
  detectLocale,
  languageOf,
  pseudoLocale,
  saveLocale,
  selectableLocales,
  type DisplayLocale,
  type Locale,
} from './locales';

export interface LocaleContextValue {
  /** The language of the screen: `en` in the pseudo-locale, so language-specific data stays English. */
  locale: Locale;
  /** What the screen is shown in: the language, or the pseudo-locale `en-XA`. */
  displayLocale: DisplayLocale;
  /** The choices the language switch offers (the pseudo-locale when `offerPseudoLocale` or shown in it). */
  selectable: readonly DisplayLocale[];
  /**
   * Switches the language: saves the choice and sets `<html lang>`. Route and typed input stay. The other
   * language's catalogue is fetched first if it is not loaded yet; the promise rejects if that fails, and
   * the page stays in the current language.
   */
  setLocale: (locale: DisplayLocale) => Promise<void>;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

export interface LocaleProviderProps {
  children: ReactNode;
  /** Controlled locale (Storybook's toolbar, tests). Without it the provider detects and keeps its own. */
  locale?: DisplayLocale;
  /**
   * The language to start in (uncontrolled), instead of detecting it: a prerendered page is hydrated in
   * the language the server wrote it in. Its catalogue must be loaded (`loadMessages`) before the render.
   */
  initialLocale?: DisplayLocale;
  /** Called after a change; with a controlled `locale`, the owner must pass the new value back. */
  onLocaleChange?: (locale: DisplayLocale) => void;
  /**
   * Whether the language switch offers the pseudo-locale `en-XA` (default false). The app turns it on
   * outside production builds only (apps/web/src/App.tsx).
   */
  offerPseudoLocale?: boolean;
  /** Whether a change is saved to localStorage and the language cookie (default true; Storybook turns it off). */
  persist?: boolean;
}

function catalogueOf(locale: DisplayLocale): CompiledCatalogue {
  const catalogue = loadedMessages(locale);
  if (!catalogue)
    throw new Error(
      `The ${locale} messages are not loaded: await loadMessages('${locale}') before rendering, or import '@pre-admission/i18n/all'.`,
    );
  return catalogue;
}

/**
 * The language of the whole site: react-intl's IntlProvider with the precompiled catalogues, and the
 * locale choice of issue 3 (saved choice, else browser languages, else Japanese).
 * A change re-renders in place and never remounts, so nothing typed is lost.
 */
export function LocaleProvider({
  children,
  locale: controlled,
  initialLocale,
  onLocaleChange,
  persist = true,
  offerPseudoLocale = false,
}: LocaleProviderProps) {
  const [own, setOwn] = useState<DisplayLocale>(() => controlled ?? initialLocale ?? detectLocale());
  const displayLocale = controlled ?? own;
  const locale = languageOf(displayLocale);

  const setLocale = useCallback(
    (next: DisplayLocale) => {
      const apply = () => {
        // The pseudo-locale is a tool for one session: never saved, never sent to the server.
        if (persist && next !== pseudoLocale) saveLocale(next);
        setOwn(next);
        onLocaleChange?.(next);
      };
      if (messagesReady(next)) {
        apply();
        return Promise.resolve();
      }
      return loadMessages(next).then(() => startTransition(apply));
    },
    [onLocaleChange, persist],
  );

  useEffect(() => {
    document.documentElement.lang = displayLocale;
  }, [displayLocale]);

  const offersPseudo = offerPseudoLocale || displayLocale === pseudoLocale;
  const value = useMemo(
    () => ({
      locale,
      displayLocale,
      selectable: selectableLocales({ production: !offersPseudo }),
      setLocale,
    }),
    [locale, displayLocale, offersPseudo, setLocale],
  );
  return (
    <LocaleContext.Provider value={value}>
      {/* Dates and numbers in the pseudo-locale are formatted as in English (`locale`). */}
      <IntlProvider locale={locale} messages={catalogueOf(displayLocale)} defaultLocale="ja">
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

const partRequests = new Map<string, Promise<void>>();

/**
 * A promise React reads as settled (its `status`), so that `use` returns at once: useMessageParts calls `use`
 * on every render, as React requires of a component that suspended once.
 */
const ready: Promise<void> = Object.assign(Promise.resolve(), {
  status: 'fulfilled' as const,
  value: undefined,
});

function partsRequest(locale: DisplayLocale, parts: readonly MessagePart[]): Promise<void> {
  const missing = parts.filter((part) => !hasMessagePart(locale, part));
  if (missing.length === 0) return ready;
  const key = `${locale}/${missing.join()}`;
  let request = partRequests.get(key);
  if (!request) {
    request = loadMessageParts(missing);
    partRequests.set(key, request);
    // Settled, it is not needed again: the parts are there, or a later render asks again.
    const forget = () => void partRequests.delete(key);
    request.then(forget, forget);
  }
  return request;
}

/**
 * Makes sure the messages of the parts (./bundles/parts.json) a component shows are there in the screen's
 * language, suspending it until they are. The app fetches them with the screen's chunk (`loadMessageParts`),
 * so this waits only where a loader did not (another app using the kit, a part missed in a route's list).
 * Outside a LocaleProvider the owner's IntlProvider gives the messages, and this does nothing.
 */
export function useMessageParts(...parts: MessagePart[]): void {
  const context = useContext(LocaleContext);
  use(context ? partsRequest(context.displayLocale, parts) : ready);
}

/**
 * Renders its children in one fixed language, whatever the site's language is: the bilingual
 * unsupported-browser page and the Japanese heading of the unexpected-error page. Only the design system's
 * messages are sure to be there in both languages (`uiMessages`); they are what these pages use.
 */
export function FixedLocale({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <IntlProvider locale={locale} messages={loadedMessages(locale) ?? uiMessages[locale]} defaultLocale="ja">
      {children}
    </IntlProvider>
  );
}
