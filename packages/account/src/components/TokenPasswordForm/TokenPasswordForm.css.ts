import { style } from '@vanilla-extract/css';
import { vars } from '@pre-admission/ui';

export const account = style({
  margin: 0,
  padding: vars.space.md,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.sm,
});

export const accountLabel = style({ fontWeight: vars.font.weight.bold });

export const accountEmail = style({ margin: 0, overflowWrap: 'anywhere' });
