import { style } from '@vanilla-extract/css';
import { focusRing, headerControl } from '../../theme/shared.css';
import { vars } from '../../theme/vars.css';

export const group = style({ display: 'inline-flex', gap: vars.space.xxs, flex: '0 0 auto' });

export const option = style({
  ...headerControl,
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-selected]': {
      background: vars.color.surface,
      color: vars.color.brand,
      fontWeight: vars.font.weight.bold,
    },
    '&[data-hovered]:not([data-selected])': { textDecoration: 'underline' },
    '&[data-focus-visible]': { ...focusRing, outlineColor: vars.color.focusHalo },
  },
  '@media': {
    '(forced-colors: active)': {
      selectors: {
        '&[data-selected]': { forcedColorAdjust: 'none', background: 'Highlight', color: 'HighlightText' },
      },
    },
  },
});
