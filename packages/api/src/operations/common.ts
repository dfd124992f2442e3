import * as z from 'zod/mini';

/** ISO 8601 date-time strings in responses become Date values (spec 3). */
export const dateTime = z.pipe(
  z.iso.datetime({ offset: true }),
  z.transform((value: string) => new Date(value)),
);

export const id = z.int();
