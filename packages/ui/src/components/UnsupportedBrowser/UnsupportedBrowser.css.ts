import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.xl } },
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.xl,
  lineHeight: vars.font.lineHeight.heading,
});

export const text = style({ margin: 0 });

export const listTitle = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: vars.font.weight.bold });

export const list = style({ margin: 0, paddingInlineStart: vars.space.lg });
