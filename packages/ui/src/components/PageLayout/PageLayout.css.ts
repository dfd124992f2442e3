import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.sm,
  insetBlockStart: '-100px',
  zIndex: 200,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.focusHalo,
  color: vars.color.text,
  fontWeight: vars.font.weight.bold,
  selectors: { '&:focus': { insetBlockStart: vars.space.sm, outline: `3px solid ${vars.color.text}` } },
});

export const main = style({
  maxWidth: vars.layout.contentWidth,
  marginInline: 'auto',
  paddingInline: vars.space.md,
  paddingBlock: vars.space.xl,
  outline: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});

// With a footer (the signed-in pages' HelpFooter), the main landmark is at least a viewport tall, so the footer
// starts below the fold and stays there while the screen renders above it: a loading state's short page no
// longer paints it mid-screen, to be pushed down (layout shift) when the content comes. 100vh, not 100dvh: on
// a phone it is the viewport with the browser's bars hidden, the tallest, and does not change as they come
// and go (100dvh would move the footer as the page scrolls).
export const mainWithFooter = style([main, { minHeight: '100vh' }]);
