import { style } from '@vanilla-extract/css';
import { focusRing, headerControl, visuallyHiddenStyle } from '../../theme/shared.css';
import { vars } from '../../theme/vars.css';

// A header narrower than this (its content box: a phone) has no room for an address on the button: it showed
// "u…" at 360 px (issue 39 item 5). The query finds the header's row, the nearest size container.
const narrowHeader = '(max-width: 479.98px)';

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
  // On a phone the button shows its icon whole, with less padding: the title's short name gives the room.
  '@container': { [narrowHeader]: { flexShrink: 0, paddingInline: vars.space.xs } },
});

// The whole address stays in the button's accessible name; only its display shortens in a narrow header, and
// on a phone it gives way to the short label (visually hidden, so still in the name).
export const email = style({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  maxWidth: '16em',
  '@container': { [narrowHeader]: visuallyHiddenStyle },
});

// The menu's ▾: on a phone the person icon alone, for room (the button's popup is in its role anyway).
export const caret = style({ '@container': { [narrowHeader]: { display: 'none' } } });

// A person: shown instead of the address on a phone only.
export const person = style({
  display: 'none',
  width: '1em',
  height: '1em',
  fill: 'currentColor',
  flexShrink: 0,
  '@container': { [narrowHeader]: { display: 'block' } },
});

// The open menu's first line: the signed-in address, whole (it wraps, even inside the address).
export const signedInAs = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  maxWidth: 'min(320px, calc(100vw - 32px))',
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.font.size.sm,
  overflowWrap: 'anywhere',
});

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
