import { useState, type ReactNode } from 'react';
import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { action } from 'storybook/actions';
// react-aria's live announcer outlives a story (7 s) and points at the previous story's elements: clear it.
import { destroyAnnouncer } from 'react-aria/private/live-announcer/LiveAnnouncer';
// Every catalogue of both languages, registered at once (the site itself loads one language at a time).
import '@pre-admission/i18n/all';
import { isLocale, LocaleProvider, localeNames, type Locale } from '@pre-admission/i18n';
import { preloadOverlays, UiProvider } from '@pre-admission/ui';

const navigate = action('navigate');

/** Follows the toolbar, and also the LanguageSwitch inside a story, which changes only this story's locale. */
function StoryLocale({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [toolbar, setToolbar] = useState(locale);
  const [current, setCurrent] = useState(locale);
  if (toolbar !== locale) {
    setToolbar(locale);
    setCurrent(locale);
  }
  return (
    <LocaleProvider locale={current} onLocaleChange={setCurrent} persist={false}>
      <UiProvider navigate={(href) => navigate(href)}>{children}</UiProvider>
    </LocaleProvider>
  );
}

const withLocale: Decorator = (Story, context) => {
  const locale = isLocale(context.globals.locale) ? context.globals.locale : 'ja';
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
  loaders: [mswLoader(), () => preloadOverlays()],
  beforeEach: () => {
    destroyAnnouncer();
    return () => destroyAnnouncer();
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
        ],
        dynamicTitle: true,
      },
    },
  },
  // The vitest projects storybook-ja and storybook-en override it, so every story is tested in both.
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
