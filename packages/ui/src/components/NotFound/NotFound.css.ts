import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';
import { focusRing } from '../../theme/shared.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.md,
});

export const code = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.lg });

export const title = style({
  margin: 0,
  fontSize: vars.font.size.xxl,
  lineHeight: vars.font.lineHeight.heading,
});

export const body = style({ margin: 0 });

/** A link to a page, so it is a link; it looks like the primary button because it is the page's one action. */
export const action = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontWeight: vars.font.weight.bold,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  border: '2px solid transparent',
  selectors: {
    '&[data-hovered]': { background: vars.color.brandHover },
    '&[data-focus-visible]': focusRing,
  },
});
