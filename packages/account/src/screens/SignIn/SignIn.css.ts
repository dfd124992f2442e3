import { style } from '@vanilla-extract/css';
import { vars } from '@pre-admission/ui';

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  paddingBlockStart: vars.space.lg,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const subheading = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
});

export const text = style({ margin: 0 });

/** The browser recommendation and the privacy link, side by side under a rule. */
export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  paddingBlockStart: vars.space.lg,
  borderBlockStart: `1px solid ${vars.color.border}`,
  listStyle: 'none',
});

export const browserList = style({ margin: `${vars.space.sm} 0 0`, paddingInlineStart: vars.space.lg });
