import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/shared.css';
import { vars } from '../../theme/vars.css';

export const root = style({
  border: `4px solid ${vars.color.danger}`,
  borderRadius: vars.radius.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  selectors: { '&:focus-visible, &:focus': focusRing },
});

export const title = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.heading,
});

export const list = style({ margin: 0, paddingInlineStart: vars.space.lg });

export const link = style({
  color: vars.color.danger,
  fontWeight: vars.font.weight.bold,
  textDecoration: 'underline',
  selectors: { '&:focus-visible': focusRing },
});
