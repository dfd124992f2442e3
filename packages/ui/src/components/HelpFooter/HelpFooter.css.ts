import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const root = style({ borderTop: `1px solid ${vars.color.border}`, marginTop: vars.space.xl });

// The content column's width and padding (PageLayout), so the footer lines up with the page above it.
export const inner = style({
  maxWidth: vars.layout.contentWidth,
  marginInline: 'auto',
  paddingInline: vars.space.md,
  paddingBlock: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const title = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: vars.font.weight.bold });

export const text = style({ margin: 0, fontSize: vars.font.size.sm, overflowWrap: 'anywhere' });
