import { style } from '@vanilla-extract/css';
import { vars } from '@pre-admission/ui';

export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  marginBlockStart: vars.space.sm,
});
