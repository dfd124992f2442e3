import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.sm,
  insetBlockStart: '-100px',
  zIndex: 200,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.focusHalo,
  color: vars.color.text,
  fontWeight: vars.font.weight.bold,
  selectors: { '&:focus': { insetBlockStart: vars.space.sm, outline: `3px solid ${vars.color.text}` } },
});

export const main = style({
  maxWidth: vars.layout.contentWidth,
  marginInline: 'auto',
  paddingInline: vars.space.md,
  paddingBlock: vars.space.xl,
  outline: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});
