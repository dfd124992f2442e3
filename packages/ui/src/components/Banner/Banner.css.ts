import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';

export const banner = recipe({
  base: {
    borderInlineStart: '6px solid',
    borderRadius: vars.radius.sm,
    padding: `${vars.space.md} ${vars.space.md}`,
    color: vars.color.text,
    // Forced colours drop the tinted background; the border and the text label still carry the tone.
    outline: '1px solid transparent',
  },
  variants: {
    tone: {
      info: { background: vars.color.infoSurface, borderColor: vars.color.info },
      warning: { background: vars.color.warningSurface, borderColor: vars.color.warningBorder },
      error: { background: vars.color.dangerSurface, borderColor: vars.color.danger },
    },
  },
});

export const title = style({
  margin: `0 0 ${vars.space.xs}`,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.heading,
});

export const body = style({ margin: 0 });
