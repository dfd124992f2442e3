import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@pre-admission/ui';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

export const title = style({
  margin: 0,
  fontSize: vars.font.size.xl,
  lineHeight: vars.font.lineHeight.heading,
  fontWeight: vars.font.weight.bold,
  overflowWrap: 'anywhere',
  ':focus': { outline: 'none' },
});

export const heading = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.heading,
});

export const text = style({ margin: 0, overflowWrap: 'anywhere' });
export const muted = style({ margin: 0, color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const link = style({
  color: vars.color.brand,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  ':hover': { textDecorationThickness: '2px' },
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

/** The filter form's fields side by side where there is room, one above the other on a phone. */
export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 14rem), 1fr))',
  gap: vars.space.md,
  alignItems: 'end',
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

export const label = style({ fontWeight: vars.font.weight.bold });

export const input = style({
  font: 'inherit',
  padding: vars.space.sm,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  maxWidth: '100%',
  minWidth: 0,
  background: vars.color.surface,
  color: vars.color.text,
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

export const search = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'end',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' });

/** A wide table scrolls sideways on a phone inside its own focusable region, never the page. */
export const scroller = style({
  overflowX: 'auto',
  maxWidth: '100%',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

export const table = style({ width: '100%', borderCollapse: 'collapse' });

export const cell = style({
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  verticalAlign: 'top',
});

export const headCell = style([cell, { fontWeight: vars.font.weight.bold, whiteSpace: 'nowrap' }]);

/** Read out on the telephone: each character distinct. */
export const reference = style({
  fontFamily: vars.font.family.mono,
  letterSpacing: '0.05em',
  whiteSpace: 'nowrap',
});

const tag = {
  display: 'inline-block',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.font.size.sm,
  whiteSpace: 'nowrap',
} as const;

/** The applicant side's tags (planner's `statusTone`): with the applicant, with the desk, done. */
export const status = styleVariants({
  action: {
    ...tag,
    background: vars.color.warningSurface,
    borderLeft: `4px solid ${vars.color.warningBorder}`,
  },
  inProgress: { ...tag, color: vars.color.info, background: vars.color.infoSurface },
  notStarted: { ...tag, color: vars.color.text, background: vars.color.surfaceMuted },
  completed: { ...tag, paddingInline: 0 },
});

export const paging = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'center',
  justifyContent: 'space-between',
});

export const notice = style({
  padding: vars.space.md,
  border: `3px solid ${vars.color.border}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  alignItems: 'flex-start',
});

/** GOV.UK summary list: each answer's question and answer. */
export const summaryList = style({ margin: 0, borderTop: `1px solid ${vars.color.border}` });
export const summaryRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const summaryKey = style({ fontWeight: vars.font.weight.bold });
export const summaryValue = style({ margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' });

/** The history: each event's time, then what happened, along a line. */
export const timeline = style({
  listStyle: 'none',
  margin: 0,
  paddingLeft: vars.space.md,
  borderLeft: `2px solid ${vars.color.border}`,
  display: 'grid',
  gap: vars.space.md,
});

export const event = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  overflowWrap: 'anywhere',
});

/** The desk's and the applicant's words, as written. */
export const quote = style({
  margin: 0,
  paddingLeft: vars.space.md,
  borderLeft: `4px solid ${vars.color.border}`,
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
});

/** Internal notes: staff only, in the warning colours so that nobody copies one to the applicant. */
export const internal = style({
  padding: vars.space.md,
  borderLeft: `5px solid ${vars.color.warningBorder}`,
  background: vars.color.warningSurface,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const plainList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
});

export const fieldset = style({
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontWeight: vars.font.weight.bold });

export const fieldInvalid = style({
  paddingLeft: vars.space.md,
  borderLeft: `5px solid ${vars.color.danger}`,
});

export const errorMessage = style({ margin: 0, color: vars.color.danger, fontWeight: vars.font.weight.bold });

export const choice = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space.sm,
  alignItems: 'start',
  overflowWrap: 'anywhere',
});

export const choiceInput = style({
  width: '24px',
  height: '24px',
  margin: 0,
  accentColor: vars.color.brand,
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

export const textarea = style([input, { width: '100%', resize: 'vertical', boxSizing: 'border-box' }]);

export const dateParts = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });

/** A section's heading inside a part of the page (the answers' sections). */
export const subheading = style({
  margin: `${vars.space.md} 0 ${vars.space.sm}`,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.heading,
});

/** A reference number is never broken across lines: it is read out whole. */
export const nowrap = style({ whiteSpace: 'nowrap' });
