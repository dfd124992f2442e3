import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const image = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: '70vh',
  marginInline: 'auto',
  border: `1px solid ${vars.color.border}`,
});
