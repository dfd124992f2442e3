import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/shared.css';
import { vars } from '../../theme/vars.css';

export const link = style({
  color: vars.color.brand,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { textDecorationThickness: '3px' },
    '&[data-focus-visible]': { ...focusRing, borderRadius: vars.radius.sm },
  },
});

export const icon = style({
  display: 'inline-block',
  marginInlineStart: '0.2em',
  width: '0.9em',
  height: '0.9em',
});
