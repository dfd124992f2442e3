import { style } from '@vanilla-extract/css';
import { focusRing, headerControl } from '../../theme/shared.css';
import { vars } from '../../theme/vars.css';

export const trigger = style({
  ...headerControl,
  textAlign: 'start',
  // In the header, the button shrinks before the language switch does; its email shortens (below).
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.25em',
  minWidth: 0,
  maxWidth: '100%',
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-hovered], &[data-pressed]': { textDecoration: 'underline' },
    '&[data-focus-visible]': { ...focusRing, outlineColor: vars.color.focusHalo },
  },
});

// The whole address stays in the button's accessible name; only its display shortens in a narrow header.
export const email = style({ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '16em' });

export const popover = style({
  minWidth: '220px',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: '0 4px 16px rgba(0, 0, 0, 0.2)',
});

export const menu = style({ padding: vars.space.xs, outline: 'none' });

export const item = style({
  display: 'block',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.brand, color: vars.color.onBrand },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
  '@media': {
    '(forced-colors: active)': {
      selectors: {
        '&[data-focused]': { forcedColorAdjust: 'none', background: 'Highlight', color: 'HighlightText' },
      },
    },
  },
});

export const separator = style({
  height: '1px',
  margin: `${vars.space.xs} 0`,
  background: vars.color.border,
});
