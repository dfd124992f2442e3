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
    // docs/behaviour.md#constants: exactly 100px on the top page and 44px elsewhere, at every width. The
    // content fits instead of wrapping: the titles and the email shorten with an ellipsis (their full text
    // stays in the DOM, so in the links' and the menu button's accessible names).
    variant: {
      banner: { height: vars.layout.headerBanner },
      compact: { height: vars.layout.headerCompact },
    },
  },
});

export const inner = recipe({
  base: {
    maxWidth: vars.layout.contentWidth,
    marginInline: 'auto',
    paddingInline: vars.space.md,
    height: '100%',
    boxSizing: 'border-box',
    display: 'flex',
    flexWrap: 'nowrap',
    alignItems: 'center',
    columnGap: vars.space.sm,
  },
  variants: {
    variant: {
      banner: { paddingBlock: vars.space.sm },
      compact: { paddingBlock: vars.space.xxs },
    },
  },
});

// Basis 0: the title takes the room the tools leave, and shortens instead of pushing them onto a new line.
export const titleBlock = style({
  flex: '1 1 0%',
  minWidth: '4.5em',
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
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
      // Two lines at most in the banner, one in the compact header.
      banner: {
        fontSize: vars.font.size.lg,
        display: '-webkit-box',
        WebkitBoxOrient: 'vertical',
        WebkitLineClamp: 2,
        overflow: 'hidden',
      },
      compact: {
        fontSize: vars.font.size.md,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
      },
    },
  },
});

export const subtitle = style({
  fontSize: vars.font.size.sm,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const tools = style({
  flex: '0 1 auto',
  minWidth: 0,
  display: 'flex',
  flexWrap: 'nowrap',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.font.size.sm,
});
