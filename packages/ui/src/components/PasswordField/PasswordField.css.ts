import { globalStyle, style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/shared.css';
import { vars } from '../../theme/vars.css';

export const row = style({ display: 'flex', alignItems: 'stretch', gap: vars.space.sm });

export const input = style({ flex: '1 1 auto', minWidth: 0 });

// Our toggle replaces the browser's own reveal button (Edge), which would bypass our state and announcement.
globalStyle(`${input}::-ms-reveal, ${input}::-ms-clear`, { display: 'none' });

export const toggle = style({
  flex: '0 0 auto',
  font: 'inherit',
  fontSize: vars.font.size.sm,
  minHeight: '44px',
  minWidth: '44px',
  padding: `0 ${vars.space.md}`,
  color: vars.color.brand,
  background: vars.color.surface,
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-hovered]': { background: vars.color.brandSurface },
    '&[data-focus-visible]': focusRing,
    '&[data-disabled]': {
      color: vars.color.textMuted,
      borderColor: vars.color.border,
      cursor: 'not-allowed',
    },
  },
});

export const capsLock = style({
  color: vars.color.warning,
  background: vars.color.warningSurface,
  borderLeft: `4px solid ${vars.color.warningBorder}`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontSize: vars.font.size.sm,
  selectors: { '&:empty': { display: 'none' } },
});
