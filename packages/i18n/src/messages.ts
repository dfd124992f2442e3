import type { MessageFormatElement } from 'react-intl';
import { pseudoLocale, type DisplayLocale, type Locale } from './locales';
import type { MessageId } from './catalogues';
// Precompiled by `npm run i18n:compile` (formatjs AST), so the browser never parses ICU text.
import uiEn from './generated/ui.en.json';
import uiJa from './generated/ui.ja.json';

export type CompiledCatalogue = Readonly<Record<MessageId, MessageFormatElement[]>>;
type PartialCatalogue = Readonly<Partial<Record<MessageId, MessageFormatElement[]>>>;

/**
 * The design system's messages in both languages. They travel with the entry: the failure screens must be
 * able to speak both languages (the unsupported-browser page is bilingual) even when nothing more loads.
 */
export const uiMessages: Readonly<Record<Locale, CompiledCatalogue>> = {
  // Typed as whole catalogues for IntlProvider; they hold the `ui.` ids only.
  ja: uiJa as CompiledCatalogue,
  en: uiEn as CompiledCatalogue,
};

/**
 * The rest of each language (the account screens and the app, about 4 kB gzip each) is its own chunk:
 * the site loads the chosen language before its first render and the other one when the browser is idle
 * or when the applicant switches. Storybook and the tests register every catalogue (`@pre-admission/i18n/all`).
 */
const loaders: Readonly<Record<Locale, () => Promise<{ default: PartialCatalogue }>>> &
  Partial<Record<DisplayLocale, () => Promise<{ default: PartialCatalogue }>>> = {
  ja: () => import('./bundles/ja'),
  en: () => import('./bundles/en'),
  // The pseudo-locale (./pseudo) is derived from English; a production build drops it with its chunk.
  ...(import.meta.env.PROD
    ? {}
    : {
        [pseudoLocale]: () =>
          Promise.all([import('./bundles/en'), import('./planner'), import('./pseudo')]).then(
            ([english, { plannerMessages }, { pseudoCatalogue }]) => ({
              default: pseudoCatalogue({ ...uiMessages.en, ...english.default, ...plannerMessages.en }),
            }),
          ),
      }),
};

const loaded: Partial<Record<DisplayLocale, CompiledCatalogue>> = {};
const pending: Partial<Record<DisplayLocale, Promise<CompiledCatalogue>>> = {};

/**
 * Makes a whole catalogue available at once (Storybook, tests, a server render). A language's catalogue
 * is completed with its `ui.` messages; the pseudo-locale's must be given whole.
 */
export function registerMessages(locale: DisplayLocale, catalogue: PartialCatalogue): void {
  loaded[locale] = {
    ...(locale === pseudoLocale ? {} : uiMessages[locale]),
    ...catalogue,
  } as CompiledCatalogue;
}

/** The catalogue of a language if it is loaded; otherwise undefined. */
export function loadedMessages(locale: DisplayLocale): CompiledCatalogue | undefined {
  return loaded[locale];
}

/** Loads a language's catalogue once; later calls get the same promise. A failed load may be retried. */
export function loadMessages(locale: DisplayLocale): Promise<CompiledCatalogue> {
  const ready = loaded[locale];
  if (ready) return Promise.resolve(ready);
  const loader = loaders[locale];
  if (!loader) return Promise.reject(new Error(`No catalogue for ${locale} in this build`));
  pending[locale] ??= loader().then(
    (module) => {
      registerMessages(locale, module.default);
      return loaded[locale] as CompiledCatalogue;
    },
    (error: unknown) => {
      delete pending[locale];
      throw error;
    },
  );
  return pending[locale];
}
