import { useState, type ReactNode } from 'react';
import type { Decorator, Preview } from '@storybook/react-vite';
import { isCommonAssetRequest } from 'msw';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { action } from 'storybook/actions';
// react-aria's live announcer outlives a story (7 s) and points at the previous story's elements: clear it.
import { destroyAnnouncer } from 'react-aria/private/live-announcer/LiveAnnouncer';
// Every catalogue of both languages, registered at once (the site itself loads one language at a time).
import '@pre-admission/i18n/all';
import {
  isDisplayLocale,
  LocaleProvider,
  localeNames,
  pseudoLocale,
  type DisplayLocale,
} from '@pre-admission/i18n';
import { preloadOverlays, UiProvider } from '@pre-admission/ui';
import { pseudoLocaleProblems } from '@pre-admission/i18n/pseudo-check';

/** The desk's address in every story (the account kit's AccountDecorator gives the screens the same one). */
const supportEmail = 'pre-admission@example.ac.jp';

const navigate = action('navigate');

/** Storybook's and Vite's own requests, which the worker lets pass (the addon's default list). */
const storybookRequest =
  /\.eot$|\.mdx$|sb-common-assets|__webpack_hmr|iframe.html|sb-vite|@vite|@react-refresh|\/virtual:|\.stories\./;

/**
 * The MSW worker, registered where the Storybook is served: at the root in `npm run storybook` and the story
 * tests, under /storybook/ in `npm run review -- --serve`, wherever a host puts the built folder. The
 * addon's default, `/mockServiceWorker.js`, exists only at the root: under a sub-path every story failed.
 * Built, Vite's base is './' (relative to iframe.html); in development it is '/'.
 */
async function startMockWorker() {
  const worker = setupWorker();
  await worker.start({
    serviceWorker: {
      url: new URL(`${import.meta.env.BASE_URL}mockServiceWorker.js`, document.baseURI).pathname,
    },
    quiet: true,
    // As the addon's default: a request no handler answers warns, unless it is one of Storybook's own.
    onUnhandledRequest(request, print) {
      if (isCommonAssetRequest(request) || storybookRequest.test(request.url)) return;
      print.warning();
    },
  });
  return worker;
}

/** Follows the toolbar, and also the LanguageSwitch inside a story, which changes only this story's locale. */
function StoryLocale({ locale, children }: { locale: DisplayLocale; children: ReactNode }) {
  const [toolbar, setToolbar] = useState(locale);
  const [current, setCurrent] = useState(locale);
  if (toolbar !== locale) {
    setToolbar(locale);
    setCurrent(locale);
  }
  return (
    <LocaleProvider
      locale={current}
      onLocaleChange={setCurrent}
      persist={false}
      // With the toolbar on en-XA, the language switch keeps offering it after a switch inside the story.
      offerPseudoLocale={toolbar === pseudoLocale}
    >
      <UiProvider navigate={(href) => navigate(href)} supportEmail={supportEmail}>
        {children}
      </UiProvider>
    </LocaleProvider>
  );
}

const withLocale: Decorator = (Story, context) => {
  const locale = isDisplayLocale(context.globals.locale) ? context.globals.locale : 'ja';
  return (
    <StoryLocale locale={locale}>
      <Story />
    </StoryLocale>
  );
};

/** `parameters.zoom: 2` renders the story as at 200 % browser zoom (WCAG 1.4.4 and 1.4.10 reflow). */
const withZoom: Decorator = (Story, context) => {
  const zoom = context.parameters.zoom as number | undefined;
  return zoom ? (
    <div style={{ zoom }}>
      <Story />
    </div>
  ) : (
    <Story />
  );
};

const preview: Preview = {
  decorators: [withZoom, withLocale],
  // The overlays (menu, dialogs, toast region) load on first use in the site; here, before every story,
  // so a play function never races a chunk's first load.
  loaders: [mswLoader(startMockWorker), () => preloadOverlays()],
  beforeEach: () => {
    destroyAnnouncer();
    // Every story starts with nothing remembered for a next page (the 'mail sent' pages' address and wait):
    // the story tests share one page, so a form submitted in one story showed its mail in the next one.
    sessionStorage.clear();
    // And at the top of the page: a story that scrolls (a link that focuses a field further down) left the
    // next story's screenshot scrolled.
    window.scrollTo(0, 0);
    return () => destroyAnnouncer();
  },
  // In the pseudo-locale (the toolbar's en-XA, the vitest project storybook-en-XA), after the play function:
  // any visible text left in plain English was not taken from the catalogues, and any text wider than its
  // box would be cut off by a longer translation. `parameters.pseudoLocale`: `{ test: 'off' }` skips a story,
  // `{ allow: [texts] }` names texts that are data (sample names from a story's mock API), not messages.
  afterEach: ({ globals, parameters, viewMode, canvasElement }) => {
    if (globals.locale !== pseudoLocale || viewMode !== 'story') return;
    const options = parameters.pseudoLocale as { test?: 'off'; allow?: string[] } | undefined;
    if (options?.test === 'off') return;
    const problems = pseudoLocaleProblems(canvasElement.ownerDocument.body, { allow: options?.allow });
    if (problems.length > 0)
      throw new Error(`Not ready for translation (${pseudoLocale}):\n- ${problems.join('\n- ')}`);
  },
  tags: ['autodocs'],
  globalTypes: {
    locale: {
      description: 'Language of the stories',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'ja', title: localeNames.ja, right: 'ja' },
          { value: 'en', title: localeNames.en, right: 'en' },
          // English accented and ~35 % longer: hard-coded texts stay plain, tight layouts overflow.
          { value: pseudoLocale, title: localeNames[pseudoLocale], right: pseudoLocale },
        ],
        dynamicTitle: true,
      },
    },
  },
  // The vitest projects storybook-ja, storybook-en and storybook-en-XA override it: every story in each.
  initialGlobals: { locale: 'ja' },
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Any axe violation fails the story's test (in both locales).
    a11y: { test: 'error' },
    msw: { handlers: [] },
  },
};

export default preview;
