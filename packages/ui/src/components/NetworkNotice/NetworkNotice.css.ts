import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

/** Always there (a live region must exist before its content changes); takes no room while empty. */
export const region = style({
  selectors: { '&:not(:empty)': { marginBottom: vars.space.lg } },
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});

export const text = style({ margin: 0 });
