import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '@pre-admission/ui';

/** One slot: its name, what it is, its files, its file button. Dragged files over it: a dashed outline. */
export const slot = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&[data-drop-target]': { outline: `3px dashed ${vars.color.brand}`, outlineOffset: '4px' } },
});

export const slotName = style({ margin: 0, fontSize: vars.font.size.md, ':focus': { outline: 'none' } });

export const files = style({ listStyle: 'none', margin: 0, padding: 0 });

/** A file: its name and details, then its actions (under them on a phone). */
export const file = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  columnGap: vars.space.md,
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const fileActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.md,
});

export const fileText = style({ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' });

export const progress = style({ display: 'block', width: '100%', accentColor: vars.color.brand });

/** The file input is visually hidden; its label looks like a secondary button and shows the input's focus. */
export const pickerInput = style({});
export const picker = style({
  display: 'inline-flex',
  alignItems: 'center',
  alignSelf: 'flex-start',
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius.sm,
  color: vars.color.brand,
  fontWeight: vars.font.weight.bold,
  cursor: 'pointer',
  selectors: { [`${pickerInput}:focus-visible + &`]: focusRing },
});

/** A file button among a file's actions (Replace): the quiet button's look. */
export const quietPicker = style([
  picker,
  { border: 0, padding: 0, fontWeight: 'normal', textDecoration: 'underline' },
]);

/** What went wrong, above the slots: a red edge, as the error summary's. */
export const problems = style({ padding: vars.space.md, border: `3px solid ${vars.color.danger}` });

/** "Or drop them here": only where a pointer can drag (not on a phone). */
export const dropHint = style({ '@media': { '(pointer: coarse)': { display: 'none' } } });
