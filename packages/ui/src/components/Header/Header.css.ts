import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { focusRing } from '../../theme/shared.css';
import { vars } from '../../theme/vars.css';

export const header = recipe({
  base: {
    background: vars.color.brand,
    color: vars.color.onBrand,
    // Forced colours drop the background: draw the header's edge instead.
    '@media': { '(forced-colors: active)': { borderBottom: '1px solid CanvasText' } },
  },
  variants: {
    // Spec 9: 100px on the top page, 44px elsewhere. min-height, not height: at 200 % zoom the content wraps
    // instead of being clipped (WCAG 1.4.10).
    variant: {
      banner: { minHeight: vars.layout.headerBanner },
      compact: { minHeight: vars.layout.headerCompact },
    },
  },
});

export const inner = recipe({
  base: {
    maxWidth: vars.layout.contentWidth,
    marginInline: 'auto',
    paddingInline: vars.space.md,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: vars.space.md,
    rowGap: vars.space.xs,
  },
  variants: {
    variant: {
      banner: { minHeight: vars.layout.headerBanner, paddingBlock: vars.space.sm },
      compact: { minHeight: vars.layout.headerCompact, paddingBlock: vars.space.xxs },
    },
  },
});

// Basis 0: a long title wraps within its block instead of pushing the language switch onto a new line.
export const titleBlock = style({
  flex: '1 1 0%',
  minWidth: '12em',
  display: 'flex',
  flexDirection: 'column',
});

export const title = recipe({
  base: {
    color: 'inherit',
    fontWeight: vars.font.weight.bold,
    lineHeight: vars.font.lineHeight.tight,
    textDecoration: 'none',
    selectors: {
      '&[data-hovered]': { textDecoration: 'underline' },
      '&[data-focus-visible]': { ...focusRing, outlineColor: vars.color.focusHalo },
    },
  },
  variants: {
    variant: {
      banner: { fontSize: vars.font.size.lg },
      compact: { fontSize: vars.font.size.md },
    },
  },
});

export const subtitle = style({ fontSize: vars.font.size.sm });

export const tools = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.font.size.sm,
});
