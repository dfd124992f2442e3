import { globalStyle } from '@vanilla-extract/css';
import { vars } from './vars.css';

globalStyle('html', {
  fontSize: '100%',
  lineHeight: vars.font.lineHeight.body,
  color: vars.color.text,
  background: vars.color.surface,
  // Japanese text wraps between any two characters; keep words and URLs from overflowing the column.
  overflowWrap: 'anywhere',
  lineBreak: 'strict',
  WebkitTextSizeAdjust: '100%',
});

// The font stack of the element's language (tokens.ts fontFamily): on <html lang> (set per session language
// by LocaleProvider, the pseudo-locale en-XA being English) and on any element with its own lang (日本語 in
// the language switch, the bilingual pages). Two attribute-level selectors: they win over a control's
// `font: inherit` (which would take the surrounding language's stack), and no component sets lang on code.
globalStyle(':where(html)', { fontFamily: vars.font.family.ja });
globalStyle('[lang]:lang(ja)', { fontFamily: vars.font.family.ja });
globalStyle('[lang]:lang(en)', { fontFamily: vars.font.family.en });

/**
 * Japanese headings and short texts break between phrases (文節), never inside a word: 留学生入学前支援窓口 stays
 * whole instead of 留学 / 生入学前支援窓口 (issue 27, defect 7). Chromium 119+ finds the phrases itself
 * (`word-break: auto-phrase`, only under lang="ja"); elsewhere `keep-all` breaks only at spaces and
 * punctuation, and `overflow-wrap: anywhere` (html) still breaks a phrase wider than its box. Long running
 * text keeps the normal breaking, which fills its lines evenly. BudouX (npm `budoux`) was the other way and
 * was not taken: about 10.5 kB gzip of model and parser on every page, every heading passed through a React
 * component, and a package (0.9.2) with no `engines` that installs commander, linkedom and
 * google-artifactregistry-auth with it.
 */
const shortTexts = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  '[role="heading"]',
  'legend',
  'label',
  'button',
  'a',
  'th',
  'caption',
  'summary',
  'dt',
]
  .map((element) => `${element}:lang(ja)`)
  .join(', ');
globalStyle(shortTexts, {
  wordBreak: 'keep-all',
  '@supports': { '(word-break: auto-phrase)': { wordBreak: 'auto-phrase' as 'normal' } },
});

globalStyle('body', { margin: 0 });

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('*, *::before, *::after', {
  '@media': {
    // WCAG 2.3.3: no motion for those who asked for none.
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
