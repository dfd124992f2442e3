import type { MessageFormatElement } from 'react-intl';
import { pseudoLocale, type DisplayLocale, type Locale } from './locales';
import type { MessageId } from './catalogues';
import type parts from './bundles/parts.json';
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

type Loader = () => Promise<{ default: PartialCatalogue }>;

/**
 * The rest of each language is cut in chunks (./bundles/parts.json, cut by `npm run i18n:compile`): the first
 * bundle (the sign-in page's words, the shared ones, the app's), which the site loads before its first render,
 * and the parts, which come with the screens that show them. Each is loaded in the languages in use only: the
 * chosen one, and the other once the applicant switches. Storybook and the tests register every catalogue
 * (`@pre-admission/i18n/all`).
 */
const loaders: Readonly<Record<Locale, Loader>> & Partial<Record<DisplayLocale, Loader>> = {
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

/** A chunk of messages that comes with the screens that show it (./bundles/parts.json). */
export type MessagePart = Exclude<keyof typeof parts, `$${string}`>;

const partLoaders: Readonly<Record<Locale, Readonly<Record<MessagePart, Loader>>>> = {
  ja: {
    security: () => import('./generated/parts/security.ja.json'),
    privacy: () => import('./generated/parts/privacy.ja.json'),
    secondStep: () => import('./generated/parts/secondStep.ja.json'),
    mail: () => import('./generated/parts/mail.ja.json'),
  },
  en: {
    security: () => import('./generated/parts/security.en.json'),
    privacy: () => import('./generated/parts/privacy.en.json'),
    secondStep: () => import('./generated/parts/secondStep.en.json'),
    mail: () => import('./generated/parts/mail.en.json'),
  },
};

function loadPartIn(locale: DisplayLocale, part: MessagePart): Promise<PartialCatalogue> {
  if (locale !== pseudoLocale) return partLoaders[locale][part]().then((module) => module.default);
  return Promise.all([partLoaders.en[part](), import('./pseudo')]).then(([english, { pseudoCatalogue }]) =>
    pseudoCatalogue(english.default),
  );
}

/**
 * Each language's catalogue, one object for the page's life: a part that arrives is added to it, so the
 * IntlProvider that holds it finds the part's messages when the screen that needs them renders, with no
 * render of the whole tree for it. Only ids nothing has shown yet are added.
 */
const loaded: Partial<Record<DisplayLocale, Record<string, MessageFormatElement[]>>> = {};
const pending: Partial<Record<DisplayLocale, Promise<CompiledCatalogue>>> = {};
/** The languages registered whole (registerMessages): every part is there. */
const whole = new Set<DisplayLocale>();
/** The parts the page has asked for: every language it loads gets them. */
const wanted = new Set<MessagePart>();
const partsLoaded: Partial<Record<DisplayLocale, Set<MessagePart>>> = {};
const partsPending = new Map<string, Promise<void>>();

/**
 * Makes a whole catalogue available at once (Storybook, tests, a server render). A language's catalogue
 * is completed with its `ui.` messages; the pseudo-locale's must be given whole.
 */
export function registerMessages(locale: DisplayLocale, catalogue: PartialCatalogue): void {
  whole.add(locale);
  loaded[locale] = {
    ...(locale === pseudoLocale ? {} : uiMessages[locale]),
    ...catalogue,
  } as Record<string, MessageFormatElement[]>;
}

/** The catalogue of a language if it is loaded; otherwise undefined. */
export function loadedMessages(locale: DisplayLocale): CompiledCatalogue | undefined {
  return loaded[locale] as CompiledCatalogue | undefined;
}

/** Whether a part's messages are there in a language (its first bundle loaded, or every catalogue registered). */
export function hasMessagePart(locale: DisplayLocale, part: MessagePart): boolean {
  return whole.has(locale) || (partsLoaded[locale]?.has(part) ?? false);
}

/** Whether a language is loaded with every part asked for so far: a switch to it needs no fetch. */
export function messagesReady(locale: DisplayLocale): boolean {
  return loaded[locale] !== undefined && [...wanted].every((part) => hasMessagePart(locale, part));
}

function loadPart(locale: DisplayLocale, part: MessagePart): Promise<void> {
  if (hasMessagePart(locale, part)) return Promise.resolve();
  const key = `${locale}/${part}`;
  let load = partsPending.get(key);
  if (!load) {
    load = loadPartIn(locale, part).then(
      (messages) => {
        Object.assign(loaded[locale] ?? {}, messages);
        (partsLoaded[locale] ??= new Set()).add(part);
        partsPending.delete(key);
      },
      (error: unknown) => {
        partsPending.delete(key);
        throw error;
      },
    );
    partsPending.set(key, load);
  }
  return load;
}

/**
 * Loads parts in every language loaded so far (a language loaded later gets them with its first bundle).
 * A screen's loader calls it with the screen's chunk, so that the screen renders at once.
 */
export function loadMessageParts(wantedParts: readonly MessagePart[]): Promise<void> {
  for (const part of wantedParts) wanted.add(part);
  const languages = Object.keys(loaded) as DisplayLocale[];
  return Promise.all(languages.flatMap((locale) => wantedParts.map((part) => loadPart(locale, part)))).then(
    () => undefined,
  );
}

/**
 * Loads a language's catalogue once, with every part asked for so far; later calls get the same promise.
 * A failed load may be retried.
 */
export function loadMessages(locale: DisplayLocale): Promise<CompiledCatalogue> {
  const ready = loaded[locale];
  if (ready && messagesReady(locale)) return Promise.resolve(ready as CompiledCatalogue);
  const loader = loaders[locale];
  if (!loader) return Promise.reject(new Error(`No catalogue for ${locale} in this build`));
  pending[locale] ??= loader()
    .then((module) => {
      loaded[locale] ??= {
        ...(locale === pseudoLocale ? {} : uiMessages[locale]),
        ...module.default,
      } as Record<string, MessageFormatElement[]>;
      return Promise.all([...wanted].map((part) => loadPart(locale, part)));
    })
    .then(
      () => {
        delete pending[locale];
        return loaded[locale] as CompiledCatalogue;
      },
      (error: unknown) => {
        delete pending[locale];
        throw error;
      },
    );
  return pending[locale];
}
