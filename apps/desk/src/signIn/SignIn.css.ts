import { style } from '@vanilla-extract/css';
import { vars } from '@pre-admission/ui';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' });
export const key = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.lg,
  letterSpacing: '0.1em',
  overflowWrap: 'anywhere',
});
export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
  gap: vars.space.sm,
  padding: 0,
  listStyle: 'none',
  fontFamily: vars.font.family.mono,
});
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
