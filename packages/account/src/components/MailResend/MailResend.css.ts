import { style, styleVariants } from '@vanilla-extract/css';
import { paragraph, vars } from '@pre-admission/ui';

export const title = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
});

export const hints = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

const messageBase = style([
  paragraph,
  { margin: 0, padding: vars.space.md, borderRadius: vars.radius.sm, borderInlineStart: '4px solid' },
]);

/** What a press did: sent again (success) or refused (danger), in the theme's colours. */
export const message = styleVariants({
  success: [
    messageBase,
    { color: vars.color.text, background: vars.color.successSurface, borderColor: vars.color.success },
  ],
  error: [
    messageBase,
    { color: vars.color.text, background: vars.color.dangerSurface, borderColor: vars.color.danger },
  ],
});
