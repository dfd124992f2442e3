import { vars } from '@pre-admission/ui';
import { style } from '@vanilla-extract/css';

export const kinds = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
  marginBlockStart: vars.space.lg,
});

export const kind = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  background: vars.color.surface,
});

export const kindHeading = style({
  fontSize: vars.font.size.lg,
  margin: 0,
  marginBlockEnd: vars.space.sm,
});

export const programmes = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  lineHeight: vars.font.lineHeight.body,
});
