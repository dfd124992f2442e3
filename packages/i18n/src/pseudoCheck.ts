/**
 * The check a screen passes in the pseudo-locale `en-XA` (./pseudo): Storybook runs it after every story's
 * play function in that locale (.storybook/preview.tsx, the vitest project storybook-en-XA).
 *
 * - **Hard-coded text**: a text node, or an `aria-label`, `title`, `alt` or `placeholder`, that still holds a
 *   plain English word (two Latin letters or more) was not taken from the catalogues, since every catalogue
 *   text is accented in en-XA. Text inside an element whose `lang` is another language (日本語 / English in the
 *   language switch, the bilingual unsupported-browser page) is meant to stay as it is, and so are e-mail
 *   addresses, URLs and the names in `allowedWords`.
 * - **Cut off or overflowing**: an element holding text whose content is wider than its box
 *   (`scrollWidth > clientWidth`), or taller when it hides overflow, unless it asks for an ellipsis or is
 *   visually hidden (screen-reader text).
 */
import { pseudoLocale } from './choice';

/** Proper nouns and codes a screen shows as they are in every language. */
export const allowedWords = ['Chrome', 'Edge', 'Firefox', 'Safari', 'macOS', 'English', 'PDF', 'JPEG', 'PNG'];

/**
 * The words of values formatted by Intl in English (the pseudo-locale formats dates, times and relative
 * times as English does): month and weekday names, AM/PM, and the words of "in 5 minutes", "at".
 */
export const formattedWords = [
  ...Array.from({ length: 12 }, (_, month) =>
    new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, month, 1)),
  ),
  ...Array.from({ length: 7 }, (_, day) =>
    new Intl.DateTimeFormat('en', { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, day + 1)),
  ),
  // Short weekdays and a time zone's name or offset ("Fri, January 15, 2027 at 11:15 GMT+8": the application
  // period in the applicant's own time zone).
  ...Array.from({ length: 7 }, (_, day) =>
    new Intl.DateTimeFormat('en', { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, day + 1)),
  ),
  'GMT',
  'UTC',
  'AM',
  'PM',
  'at',
  'in',
  'ago',
  'seconds',
  'second',
  'minutes',
  'minute',
  'hours',
  'hour',
  'days',
  'day',
];

/**
 * react-aria's own texts, translated by react-aria into Japanese and English: the hidden "Dismiss" button
 * of its dialogs and popovers (an exact `aria-label`, so a hard-coded text of ours still shows).
 */
const reactAriaLabels = new Set(['Dismiss']);

const skippedElements = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'CODE', 'PRE']);

/** The plain English words left in a text once e-mail addresses, URLs, file names and allowed names are out. */
export function plainWords(text: string, allow: readonly string[] = []): string[] {
  let rest = text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
    .replace(/\b[a-z][a-z\d+.-]*:\/\/\S+/gi, ' ')
    .replace(/[^\s[\]]*\.(pdf|jpe?g|png|gif|webp|txt|docx?)\b/gi, ' ')
    // A reference number (openapi.yaml Reference: M27-4KX7-9QF2, shown spaced on the receipt): a code.
    .replace(/\b[RMDX]\d{2}[-\s][0-9A-HJKMNP-TV-Z]{4}[-\s][0-9A-HJKMNP-TV-Z]{4}\b/g, ' ');
  // Longest first, so that a name is not cut by a shorter one it contains.
  for (const term of [...allow].sort((a, b) => b.length - a.length)) rest = rest.split(term).join(' ');
  for (const word of allowedWords) rest = rest.split(word).join(' ');
  return (rest.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !formattedWords.includes(word));
}

function languageOfNode(node: Node): string | null {
  const element = node instanceof Element ? node : node.parentElement;
  return element?.closest('[lang]')?.getAttribute('lang') ?? null;
}

function inPseudoLocale(node: Node): boolean {
  const lang = languageOfNode(node);
  return lang === null || lang === pseudoLocale;
}

/** Not the screen's text: code, scripts, Storybook's own docs page (kept in the DOM, hidden, beside the story). */
function skipped(element: Element | null): boolean {
  for (let current = element; current; current = current.parentElement)
    if (skippedElements.has(current.tagName.toUpperCase()) || current.id === 'storybook-docs') return true;
  return false;
}

function describe(element: Element): string {
  const id = element.id ? `#${element.id}` : '';
  const role = element.getAttribute('role');
  return `<${element.tagName.toLowerCase()}${id}${role ? ` role=${role}` : ''}>`;
}

function visuallyHidden(element: HTMLElement, style: CSSStyleDeclaration): boolean {
  return (
    (style.clip !== 'auto' && style.clip !== '') ||
    (style.clipPath !== 'none' && style.clipPath !== '') ||
    element.clientWidth <= 1 ||
    element.clientHeight <= 1
  );
}

function overflows(element: HTMLElement): string | undefined {
  const style = getComputedStyle(element);
  if (style.display === 'inline' || style.display === 'contents' || style.display === 'none')
    return undefined;
  // Shortened on purpose: an ellipsis, or a line clamp (the banner header's two-line title).
  if (style.visibility === 'hidden' || style.textOverflow === 'ellipsis') return undefined;
  if (style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '') return undefined;
  if (element.getClientRects().length === 0 || visuallyHidden(element, style)) return undefined;
  // Form controls scroll their own value; the rule is about laid-out text.
  if (['INPUT', 'TEXTAREA', 'SELECT', 'OPTION'].includes(element.tagName)) return undefined;
  if (element.scrollWidth > element.clientWidth + 1)
    return `overflows its box (${element.scrollWidth}px of text in ${element.clientWidth}px)`;
  const hides = /hidden|clip/.test(style.overflowY) || /hidden|clip/.test(style.overflow);
  if (hides && element.scrollHeight > element.clientHeight + 1)
    return `is cut off (${element.scrollHeight}px of text in ${element.clientHeight}px high)`;
  return undefined;
}

export interface PseudoLocaleCheckOptions {
  /** Texts that are data, not messages (a story's sample programme names, an error's own message). */
  allow?: readonly string[];
}

/** Every problem of the screen under `root`, one line each: the text or element and what is wrong. */
export function pseudoLocaleProblems(root: Element, { allow = [] }: PseudoLocaleCheckOptions = {}): string[] {
  const problems: string[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const withText = new Set<HTMLElement>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (text.trim() === '' || skipped(node.parentElement)) continue;
    // Not rendered (display: none, a closed <details>): nobody sees it. Screen-reader text has a box.
    if (!node.parentElement || node.parentElement.getClientRects().length === 0) continue;
    if (node.parentElement) withText.add(node.parentElement);
    if (!inPseudoLocale(node)) continue;
    const words = plainWords(text, allow);
    if (words.length > 0)
      problems.push(
        `hard-coded text "${text.trim().slice(0, 80)}" in ${describe(node.parentElement ?? root)}`,
      );
  }
  for (const element of root.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
    if (skipped(element) || !inPseudoLocale(element) || element.getClientRects().length === 0) continue;
    for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
      const value = element.getAttribute(name);
      if (
        value &&
        !(name === 'aria-label' && reactAriaLabels.has(value)) &&
        plainWords(value, allow).length > 0
      )
        problems.push(`hard-coded ${name}="${value.slice(0, 80)}" on ${describe(element)}`);
    }
  }
  for (const element of withText) {
    const problem = overflows(element);
    if (problem)
      problems.push(
        `"${(element.textContent ?? '').trim().slice(0, 60)}" in ${describe(element)} ${problem}`,
      );
  }
  return problems;
}
