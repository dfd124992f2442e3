import { createContainer, style } from '@vanilla-extract/css';
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

// The header's own width, not the window's: the stories and a narrow column see what a phone sees.
const row = createContainer();
// Narrower than a 360px phone (320px, WCAG 1.4.10's reflow width): the title gives way to the controls. A
// container query measures the content box: 360px less the row's 2 × 16px padding.
const belowPhone = `${row} (max-width: 327.98px)`;

export const inner = recipe({
  base: {
    containerType: 'inline-size',
    containerName: row,
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
export const titleBlock = recipe({
  base: {
    flex: '1 1 0%',
    display: 'flex',
    flexDirection: 'column',
    overflow: 'hidden',
    position: 'relative',
  },
  variants: {
    variant: {
      // As wide as the name's longest word (title: break-word, unlike anywhere, counts in min-content), so no
      // word of the name is broken.
      banner: { minWidth: 'min-content' },
      // As wide as the short name at least (shortSizer below), so the short name is never cut: the email
      // address beside it shortens first. Below 360px the short name shortens with an ellipsis too.
      compact: { minWidth: 'min-content', '@container': { [belowPhone]: { minWidth: '4.5em' } } },
    },
  },
});

const hiddenCopy = {
  visibility: 'hidden',
  fontWeight: vars.font.weight.bold,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.tight,
} as const;

// A copy of the full name at its natural width, out of the flow: Header measures it against the room.
export const measure = style({
  ...hiddenCopy,
  whiteSpace: 'nowrap',
  position: 'absolute',
  insetInlineStart: 0,
  top: 0,
});

// In the flow but 0 high: its longest word (or phrase) is the title block's min-content width.
// It breaks lines as the title link does (global.css.ts: by phrase in Japanese), but never inside a word.
export const shortSizer = style({
  ...hiddenCopy,
  height: 0,
  overflow: 'hidden',
  overflowWrap: 'normal',
  wordBreak: 'keep-all',
  '@supports': { '(word-break: auto-phrase)': { wordBreak: 'auto-phrase' as 'normal' } },
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
        overflowWrap: 'break-word',
        '@container': { [belowPhone]: { fontSize: vars.font.size.md } },
        display: '-webkit-box',
        WebkitBoxOrient: 'vertical',
        WebkitLineClamp: 2,
        overflow: 'hidden',
      },
      // One line for the full name; the short name may take two (Pre-admission / Support on a phone): 2 ×
      // 16px × 1.2 fits the 44px. Either shortens with an ellipsis only below a 360px phone.
      compact: {
        fontSize: vars.font.size.md,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        // Its text does not count in the title block's least width (shortSizer does).
        contain: 'inline-size',
        selectors: {
          '&[data-short]': {
            whiteSpace: 'normal',
            overflowWrap: 'break-word',
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: 2,
          },
        },
      },
    },
  },
});

export const word = style({ whiteSpace: 'nowrap' });

export const subtitle = style({
  fontSize: vars.font.size.sm,
  // Shortens with an ellipsis rather than widening the title block (its min-content is the title's).
  contain: 'inline-size',
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
