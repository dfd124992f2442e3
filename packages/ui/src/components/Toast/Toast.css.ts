import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/shared.css';
import { vars } from '../../theme/vars.css';

export const region = style({
  position: 'fixed',
  // Below the tallest header (the top page's banner), so a toast never covers the language switch or the
  // account menu, which stay usable while it is shown.
  insetBlockStart: `calc(${vars.layout.headerBanner} + ${vars.space.md})`,
  insetInlineEnd: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  maxWidth: 'min(420px, calc(100vw - 32px))',
  zIndex: 100,
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});

export const toast = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.dangerSurface,
  color: vars.color.text,
  borderInlineStart: `6px solid ${vars.color.danger}`,
  borderRadius: vars.radius.sm,
  boxShadow: '0 4px 16px rgba(0, 0, 0, 0.2)',
  // The shadow vanishes in forced colours; a transparent border becomes a visible system edge.
  border: '1px solid transparent',
  selectors: { '&[data-focus-visible]': focusRing },
});

export const content = style({
  flex: '1 1 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const title = style({ fontWeight: vars.font.weight.bold, color: vars.color.danger });

export const close = style({
  flex: '0 0 auto',
  font: 'inherit',
  fontSize: vars.font.size.sm,
  minWidth: '44px',
  minHeight: '44px',
  padding: `0 ${vars.space.sm}`,
  background: 'transparent',
  color: vars.color.text,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: { '&[data-focus-visible]': focusRing, '&[data-hovered]': { background: vars.color.surface } },
});
