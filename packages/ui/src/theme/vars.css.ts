import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';
import { colors, fontFamily, fontSize, fontWeight, layout, lineHeight, motion, radii, space } from './tokens';

const nulls = <T extends Record<string, string>>(group: T) =>
  Object.fromEntries(Object.keys(group).map((key) => [key, null])) as { [K in keyof T]: null };

/** The one theme contract of the design system (braid `vars.css.ts`): components read only these. */
export const vars = createThemeContract({
  color: nulls(colors),
  space: nulls(space),
  radius: nulls(radii),
  font: {
    family: nulls(fontFamily),
    size: nulls(fontSize),
    weight: nulls(fontWeight),
    lineHeight: nulls(lineHeight),
  },
  layout: nulls(layout),
  motion: nulls(motion),
});

createGlobalTheme(':root', vars, {
  color: colors,
  space,
  radius: radii,
  font: { family: fontFamily, size: fontSize, weight: fontWeight, lineHeight },
  layout,
  motion,
});
