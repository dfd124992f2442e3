import { style } from '@vanilla-extract/css';
import { vars } from '@pre-admission/ui';

// The application's own looks; everything else is the planner's (../Planner.css.ts): the site has one
// stylesheet, loaded before any page's first paint (tests/budget), so only what the planner has not is here.

/** One entry of the education history, set apart from the next. */
export const entry = style({
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

/**
 * The reference number on the receipt, large and spaced, to read out on the telephone: each group apart, each
 * character apart, in a typeface whose 0 and O, 1 and I differ.
 */
export const reference = style({
  margin: 0,
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.xxl,
  fontWeight: vars.font.weight.bold,
  letterSpacing: '0.2em',
  wordSpacing: '0.6em',
  overflowWrap: 'anywhere',
});

/** The Change links' column of "Check your answers": one width in every row, with a link or without. */
export const changeCell = style({ minWidth: '5em', textAlign: 'end' });
