import { style } from '@vanilla-extract/css';
import { vars } from '@pre-admission/ui';

export const header = style({
  background: vars.color.brand,
  color: vars.color.onBrand,
});

export const headerInner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  maxWidth: '80rem',
  margin: '0 auto',
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  marginInlineEnd: 'auto',
});

export const nav = style({ display: 'flex', gap: vars.space.md });

export const navLink = style({
  color: vars.color.onBrand,
  fontWeight: vars.font.weight.bold,
  selectors: { '&[aria-current="page"]': { textDecoration: 'underline', textUnderlineOffset: '0.2em' } },
});

export const who = style({ fontSize: vars.font.size.sm, overflowWrap: 'anywhere' });

export const tools = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const content = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.md,
  maxWidth: '80rem',
  margin: '0 auto',
  boxSizing: 'border-box',
  width: '100%',
});

export const narrow = style([content, { maxWidth: vars.layout.contentWidth }]);
