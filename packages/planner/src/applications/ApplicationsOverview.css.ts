import { style } from '@vanilla-extract/css';
import { vars } from '@pre-admission/ui';

export const cards = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xl });

export const card = style({ paddingTop: vars.space.md, borderTop: `4px solid ${vars.color.brand}` });

/** GOV.UK summary list row: the key, then its value. */
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, 1fr) 2fr',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

/** Read out on the telephone: each character distinct. */
export const reference = style({ fontFamily: vars.font.family.mono, letterSpacing: '0.05em' });

/** Returned for changes: the applicant's move, in the warning colours. */
export const action = style({
  display: 'inline-block',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.font.size.sm,
  background: vars.color.warningSurface,
  borderLeft: `4px solid ${vars.color.warningBorder}`,
});

/** The desk's words, as written. */
export const quote = style({
  margin: 0,
  paddingLeft: vars.space.md,
  borderLeft: `4px solid ${vars.color.border}`,
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
});

export const minorHeading = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.font.size.md });

/** The history: each event's time, then what happened, along a line. */
export const timeline = style({
  listStyle: 'none',
  margin: 0,
  paddingLeft: vars.space.md,
  borderLeft: `2px solid ${vars.color.border}`,
  display: 'grid',
  gap: vars.space.sm,
});

export const event = style({ display: 'flex', flexDirection: 'column', overflowWrap: 'anywhere' });

export const reason = style({ width: '100%', resize: 'vertical' });

/** A block's paragraphs, a little apart (the return for changes, the decision). */
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
