import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.md,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.xxl,
  lineHeight: vars.font.lineHeight.heading,
});

export const text = style({ margin: 0 });

export const detailsTitle = style({ margin: 0, fontSize: vars.font.size.md });

export const stack = style({
  margin: 0,
  padding: vars.space.md,
  maxWidth: '100%',
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
