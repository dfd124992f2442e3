import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@pre-admission/ui';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const title = style({
  margin: 0,
  fontSize: vars.font.size.xl,
  lineHeight: vars.font.lineHeight.heading,
  fontWeight: vars.font.weight.bold,
  ':focus': { outline: 'none' },
});

export const text = style({ margin: 0 });
export const muted = style({ margin: 0, color: vars.color.textMuted });

export const sectionHeading = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.heading,
});

/** GOV.UK task list: one row per task, its name as a link, its status at the end of the row. */
export const taskList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  borderTop: `1px solid ${vars.color.border}`,
});

export const taskRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const taskLink = style({
  color: vars.color.brand,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  ':hover': { textDecorationThickness: '2px' },
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

const tag = {
  display: 'inline-block',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.font.size.sm,
} as const;

/** GOV.UK: a completed task's status is plain text; the others are tags. */
export const status = styleVariants({
  completed: { ...tag, paddingInline: 0 },
  inProgress: { ...tag, color: vars.color.info, background: vars.color.infoSurface },
  notStarted: { ...tag, color: vars.color.text, background: vars.color.surfaceMuted },
});

export const backLink = style([taskLink, { alignSelf: 'flex-start', fontSize: vars.font.size.sm }]);

export const fieldset = style({
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.sm,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.heading,
});

export const groupHeading = style({
  margin: `${vars.space.sm} 0 0`,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
});

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
});

export const choiceInput = style({
  width: '24px',
  height: '24px',
  margin: '2px 0 0',
  accentColor: vars.color.brand,
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

export const choiceHint = style({
  gridColumn: 2,
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
});

export const input = style({
  font: 'inherit',
  padding: vars.space.sm,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  maxWidth: '100%',
  background: vars.color.surface,
  color: vars.color.text,
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

export const label = style({ fontWeight: vars.font.weight.bold });

export const inset = style({
  margin: 0,
  padding: vars.space.md,
  borderLeft: `5px solid ${vars.color.warningBorder}`,
  background: vars.color.warningSurface,
  color: vars.color.text,
});

export const notice = style({
  padding: vars.space.md,
  border: `3px solid ${vars.color.brand}`,
  background: vars.color.brandSurface,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  ':focus': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

export const list = style({ margin: 0, paddingLeft: vars.space.lg });

/** A list whose items carry their own marker (☑, ☐). */
export const checklist = style({ margin: 0, padding: 0, listStyle: 'none' });

/** GOV.UK summary list: the task, what was chosen, the Change link. */
export const summaryList = style({ margin: 0, borderTop: `1px solid ${vars.color.border}` });
export const summaryRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, 1fr) 2fr auto',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const summaryKey = style({ fontWeight: vars.font.weight.bold });
export const summaryValue = style({ margin: 0 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });

/** Left out of the printed checklist. */
export const noPrint = style({ '@media': { print: { display: 'none' } } });

/** Only on paper: whose checklist, and when it was printed. */
export const printOnly = style({ display: 'none', '@media': { print: { display: 'block', margin: 0 } } });

// docs/behaviour.md#planner: the summary prints as a one-page checklist: the site's header, footer and every
// control are left out, the type a little smaller. Only while the summary is on the page.
const printing = 'body:has([data-planner-print])';
globalStyle(`${printing} :is(header, footer, nav, button, [role="banner"], [role="contentinfo"])`, {
  '@media': { print: { display: 'none' } },
});
globalStyle(printing, { '@media': { print: { fontSize: '11pt', lineHeight: 1.4 } } });
globalStyle(`${printing} [data-planner-print] a`, {
  '@media': { print: { color: 'inherit', textDecoration: 'none' } },
});
