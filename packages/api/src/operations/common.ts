import * as z from 'zod/mini';

// The site runs under a CSP without 'unsafe-eval': zod's JIT would probe `new Function` on first use and
// the browser would report a violation each time. Jitless parsing is plenty for bodies of this size.
z.config({ jitless: true });

/** ISO 8601 date-time strings in responses become Date values (docs/behaviour.md#data). */
export const dateTime = z.pipe(
  z.iso.datetime({ offset: true }),
  z.transform((value: string) => new Date(value)),
);

export const id = z.int();

/** A reference list item's id as the plan and the application name it (openapi.yaml PlanId). */
export const planId = z.number().check(z.int(), z.minimum(1));
