import { style } from '@vanilla-extract/css';
import { heading, paragraph, vars } from '@pre-admission/ui';

/**
 * The ui `heading` and `paragraph` carry a bottom margin for flowing text; PageLayout's main column already
 * spaces its children with a gap, so on a screen the two added up to a double gap. Same type, no margin.
 */
export const title = style([heading, { margin: 0 }]);

export const text = style([paragraph, { margin: 0 }]);

/** A block of title and paragraphs that is itself one child of the main column. */
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
