import { keyframes, style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/shared.css';
import { vars } from '../../theme/vars.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.md,
  background: vars.color.overlay,
  selectors: { '&[data-entering]': { animation: `${fadeIn} ${vars.motion.normal}` } },
});

export const modal = style({
  width: '100%',
  maxWidth: '560px',
  maxHeight: 'calc(100vh - 32px)',
  overflow: 'auto',
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  boxShadow: '0 8px 32px rgba(0, 0, 0, 0.3)',
});

export const dialog = style({
  padding: vars.space.lg,
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});

export const title = style({
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.heading,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginBlockStart: vars.space.lg,
});
