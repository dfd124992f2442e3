import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@pre-admission/ui';

export const sections = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.heading,
  fontWeight: vars.font.weight.bold,
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});

/** One passkey: its text, then its buttons, which go under the text on a narrow screen. */
export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingBlock: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: `1px solid ${vars.color.border}` } },
});

export const itemText = style({ flex: '1 1 16rem', minWidth: 0 });

export const itemName = style({ margin: 0, fontWeight: vars.font.weight.bold, overflowWrap: 'anywhere' });

export const detail = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.sm });

export const itemActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const qr = style({ width: '12rem', height: '12rem', maxWidth: '100%' });

/** The key in groups of four, in a monospaced face so that 0/O and 1/l/I cannot be confused. */
export const keyLine = style({ margin: 0 });

export const key = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.lg,
  letterSpacing: '0.05em',
  overflowWrap: 'anywhere',
});

export const codes = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const codeList = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
  gap: vars.space.xs,
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.md,
});

export const code = style({ whiteSpace: 'nowrap' });

export const download = style({ color: vars.color.brand, textDecoration: 'underline' });

// Printing the page keeps the codes: the buttons around them are of no use on paper.
globalStyle(`${codes} button, ${codes} a`, { '@media': { print: { display: 'none' } } });
