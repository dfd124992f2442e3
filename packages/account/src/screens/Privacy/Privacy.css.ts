import { style } from '@vanilla-extract/css';
import { vars } from '@pre-admission/ui';

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
  paddingBlockEnd: vars.space.xs,
  borderBlockEnd: `2px solid ${vars.color.brand}`,
});

export const text = style({ margin: 0 });

export const list = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
