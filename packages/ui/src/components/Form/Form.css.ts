import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/shared.css';
import { vars } from '../../theme/vars.css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const label = style({
  fontWeight: vars.font.weight.bold,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.sm,
});

export const requiredTag = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.regular,
  color: vars.color.danger,
});

export const description = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm });

export const fieldError = style({ color: vars.color.danger, fontWeight: vars.font.weight.bold });

export const input = style({
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  selectors: {
    '&[data-focus-visible], &:focus-visible': focusRing,
    '&[data-invalid]': { borderColor: vars.color.danger, borderWidth: '3px' },
    '&[data-disabled]': {
      background: vars.color.surfaceMuted,
      color: vars.color.textMuted,
      cursor: 'not-allowed',
    },
  },
});
