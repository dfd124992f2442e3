import { staffFailureTables } from '@pre-admission/api/staff';
import { deskMessages } from '@pre-admission/i18n/desk';
import { describe, expect, it } from 'vitest';

/** Every message id a row of the staff failure tables names (a field's message, a toast's title and text). */
const idsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? /^(desk|account)\./.test(value)
      ? [value]
      : []
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(idsOf)
      : [];

describe('the staff failure tables', () => {
  const ids = [...new Set(Object.values(staffFailureTables).flatMap(({ table }) => idsOf(table)))];

  it('name desk messages', () => {
    expect(ids.filter((id) => id.startsWith('desk.')).length).toBeGreaterThan(5);
  });

  it.each(ids.filter((id) => id.startsWith('desk.')))(
    '%s is in the desk catalogue in both languages',
    (id) => {
      expect(deskMessages.ja).toHaveProperty([id]);
      expect(deskMessages.en).toHaveProperty([id]);
    },
  );
});
