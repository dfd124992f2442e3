import { style, type StyleRule } from '@vanilla-extract/css';
import { vars } from './vars.css';

/** The focus indicator: a 3px ring with an offset, kept as a real outline so forced-colours mode shows it. */
export const focusRing: StyleRule = {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
};

/** Hidden on screen, read by screen readers: the rule, for a style that hides only in some conditions. */
export const visuallyHiddenStyle = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Hidden on screen, read by screen readers. */
export const visuallyHidden = style(visuallyHiddenStyle);

/** A page heading; no margin, since layouts space their children with `gap`. */
export const heading = style({
  margin: 0,
  fontSize: vars.font.size.xl,
  lineHeight: vars.font.lineHeight.heading,
  fontWeight: vars.font.weight.bold,
});

export const paragraph = style({ margin: `0 0 ${vars.space.md}` });

/**
 * A small outlined control in the header (the language options, the account menu's button): 32px high, the
 * header's text colour, a thin border. Each control adds its own layout and states.
 */
export const headerControl: StyleRule = {
  font: 'inherit',
  fontSize: vars.font.size.sm,
  minHeight: '32px',
  padding: `0 ${vars.space.sm}`,
  color: 'inherit',
  background: 'transparent',
  border: '1px solid currentColor',
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
};
