import type { Locale } from '@pre-admission/i18n';

/** The recommended browsers (docs/behaviour.md#routes) and their download pages, in the reader's language. */
export const browsers: ReadonlyArray<{ name: string; href: Readonly<Record<Locale, string>> }> = [
  {
    name: 'Chrome',
    href: { ja: 'https://www.google.com/intl/ja/chrome/', en: 'https://www.google.com/chrome/' },
  },
  {
    name: 'Edge',
    href: { ja: 'https://www.microsoft.com/ja-jp/edge', en: 'https://www.microsoft.com/edge' },
  },
  {
    name: 'Firefox',
    href: { ja: 'https://www.mozilla.org/ja/firefox/new/', en: 'https://www.mozilla.org/en-US/firefox/new/' },
  },
  { name: 'Safari', href: { ja: 'https://www.apple.com/jp/safari/', en: 'https://www.apple.com/safari/' } },
];
