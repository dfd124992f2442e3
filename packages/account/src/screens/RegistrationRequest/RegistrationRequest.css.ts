import { style } from '@vanilla-extract/css';
import { vars } from '@pre-admission/ui';

export const notes = style({
  margin: 0,
  padding: vars.space.md,
  paddingInlineStart: vars.space.xl,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const notesTitle = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
});
