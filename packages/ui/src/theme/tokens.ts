/**
 * The raw token values, in plain TypeScript so the contrast test can read them without vanilla-extract.
 * `vars.css.ts` turns them into CSS custom properties; components only ever use `vars`.
 */
export const colors = {
  text: '#1b1d21',
  textMuted: '#4b5260',
  surface: '#ffffff',
  surfaceMuted: '#f2f4f7',
  border: '#6b7280',
  brand: '#0b3d91',
  brandHover: '#082e6e',
  onBrand: '#ffffff',
  brandSurface: '#e8effb',
  danger: '#b3261e',
  dangerSurface: '#fdeceb',
  warning: '#7a4a00',
  warningBorder: '#b26a00',
  warningSurface: '#fff4d6',
  success: '#1d6b33',
  successSurface: '#e6f4ea',
  info: '#0b3d91',
  infoSurface: '#e8effb',
  focus: '#0b57d0',
  focusHalo: '#ffbf47',
  overlay: 'rgba(12, 16, 24, 0.55)',
} as const;

export type ColorName = keyof typeof colors;

/** Text colour on background colour: each must reach 4.5:1 (WCAG 2.2 AA, 1.4.3). */
export const textPairs: ReadonlyArray<readonly [ColorName, ColorName]> = [
  ['text', 'surface'],
  ['text', 'surfaceMuted'],
  ['textMuted', 'surface'],
  ['textMuted', 'surfaceMuted'],
  ['brand', 'surface'],
  ['brand', 'surfaceMuted'],
  ['brand', 'brandSurface'],
  ['onBrand', 'brand'],
  ['onBrand', 'brandHover'],
  ['danger', 'surface'],
  ['danger', 'dangerSurface'],
  ['text', 'dangerSurface'],
  ['warning', 'warningSurface'],
  ['text', 'warningSurface'],
  ['success', 'successSurface'],
  ['text', 'successSurface'],
  ['info', 'infoSurface'],
  ['text', 'infoSurface'],
  ['onBrand', 'danger'],
];

/** Boundaries and focus indicators: each must reach 3:1 against what is next to it (WCAG 2.2 AA, 1.4.11). */
export const nonTextPairs: ReadonlyArray<readonly [ColorName, ColorName]> = [
  ['border', 'surface'],
  ['border', 'surfaceMuted'],
  ['focus', 'surface'],
  ['focus', 'surfaceMuted'],
  ['focus', 'brandSurface'],
  ['danger', 'surface'],
  ['warningBorder', 'warningSurface'],
  ['brand', 'surface'],
];

export const space = {
  xxs: '2px',
  xs: '4px',
  sm: '8px',
  md: '16px',
  lg: '24px',
  xl: '32px',
  xxl: '48px',
} as const;

export const radii = { sm: '4px', md: '8px', full: '9999px' } as const;

/**
 * One stack per language, chosen by `:lang()` (global.css.ts), so the browser never picks glyphs by its own
 * locale: with `system-ui` first, a Chinese-locale system drew kanji in their Chinese forms (issue 27,
 * defect 11). Japanese names the Japanese faces of macOS/iOS (Hiragino), Windows (Yu Gothic UI, Yu Gothic,
 * Meiryo) and Android/Linux (Noto Sans JP, Noto Sans CJK JP) first, for their kana, kanji and Latin alike.
 * English keeps the system's UI face for Latin text, then the same Japanese faces for any kanji in it (a
 * name, an address), so those never fall back to a Chinese face either.
 */
const japaneseFaces = [
  '"Hiragino Sans"',
  '"Hiragino Kaku Gothic ProN"',
  '"Yu Gothic UI"',
  '"Yu Gothic"',
  'Meiryo',
  '"Noto Sans JP"',
  '"Noto Sans CJK JP"',
];

export const fontFamily = {
  ja: [...japaneseFaces, 'sans-serif'].join(', '),
  en: ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', ...japaneseFaces, 'sans-serif'].join(', '),
  mono: ['ui-monospace', 'Menlo', 'Consolas', '"Noto Sans Mono CJK JP"', 'monospace'].join(', '),
} as const;

export const fontSize = {
  sm: '0.875rem',
  md: '1rem',
  lg: '1.25rem',
  xl: '1.5rem',
  xxl: '2rem',
} as const;

/** Japanese text needs more leading than English to stay readable. */
export const lineHeight = { body: '1.7', heading: '1.4', tight: '1.2' } as const;
export const fontWeight = { regular: '400', bold: '700' } as const;

/** docs/behaviour.md#constants: content width 800px; header heights 44px (compact) and 100px (top-page banner). */
export const layout = {
  contentWidth: '800px',
  headerCompact: '44px',
  headerBanner: '100px',
} as const;

export const motion = { fast: '120ms', normal: '200ms' } as const;

/** docs/behaviour.md#constants: an error toast stays 6000 ms. */
export const toastTimeoutMs = 6000;
