import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const title = style({
  margin: 0,
  fontSize: vars.font.size.xl,
  lineHeight: vars.font.lineHeight.heading,
});

export const message = style({ margin: 0, fontWeight: vars.font.weight.bold });

export const stackTitle = style({ margin: 0, fontSize: vars.font.size.md });

export const stack = style({
  margin: 0,
  padding: vars.space.md,
  maxHeight: '50vh',
  overflow: 'auto',
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.sm,
  lineHeight: vars.font.lineHeight.heading,
  whiteSpace: 'pre-wrap',
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
