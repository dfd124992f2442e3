import { globalStyle } from '@vanilla-extract/css';
import { vars } from './vars.css';

globalStyle('html', {
  fontFamily: vars.font.family.body,
  fontSize: '100%',
  lineHeight: vars.font.lineHeight.body,
  color: vars.color.text,
  background: vars.color.surface,
  // Japanese text wraps between any two characters; keep words and URLs from overflowing the column.
  overflowWrap: 'anywhere',
  lineBreak: 'strict',
  WebkitTextSizeAdjust: '100%',
});

// Break Japanese lines between phrases (文節), not inside words (Chromium 119+; others ignore it).
globalStyle(':lang(ja)', { wordBreak: 'auto-phrase' as 'normal' });

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
