import type { Teacher } from './types.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scholarshipStatusOptions } from './scholarshipStatuses.ts';
import { teachersForProgram } from './teachers.ts';

const flags = ['acceptResearchStudent', 'acceptMaster', 'acceptDoctoral', 'acceptExchange'] as const;

/** Every combination of the four accept flags, visible and hidden: 32 teachers. */
const teachers: Teacher[] = Array.from({ length: 32 }, (_, index) => ({
  id: index,
  officeId: 1,
  courseId: 1,
  name: `教員${index}`,
  nameEn: `Teacher ${index}`,
  acceptResearchStudent: Boolean(index & 1),
  acceptMaster: Boolean(index & 2),
  acceptDoctoral: Boolean(index & 4),
  acceptExchange: Boolean(index & 8),
  state: index & 16 ? 'hidden' : 'visible',
}));
const visible = teachers.filter((t) => t.state === 'visible');
const ids = (list: Teacher[]) => list.map((t) => t.id).sort((a, b) => a - b);

describe('teachers offered for a programme (docs/behaviour.md#rules)', () => {
  it.each([8, 9, 10, 16, 17])(
    'programme %i (research student) offers teachers who accept research students',
    (id) => {
      expect(ids(teachersForProgram(teachers, id))).toEqual(
        ids(visible.filter((t) => t.acceptResearchStudent)),
      );
    },
  );

  it.each([11, 13])('programme %i (master) offers teachers who accept master or doctoral students', (id) => {
    expect(ids(teachersForProgram(teachers, id))).toEqual(
      ids(visible.filter((t) => t.acceptMaster || t.acceptDoctoral)),
    );
  });

  it.each([12, 14])('programme %i (doctoral) offers teachers who accept doctoral students', (id) => {
    expect(ids(teachersForProgram(teachers, id))).toEqual(ids(visible.filter((t) => t.acceptDoctoral)));
  });

  it('programme 18 (exchange) offers teachers who accept exchange students', () => {
    expect(ids(teachersForProgram(teachers, 18))).toEqual(ids(visible.filter((t) => t.acceptExchange)));
  });

  it('any other programme offers every visible teacher', () => {
    fc.assert(
      fc.property(
        fc.integer().filter((id) => ![8, 9, 10, 11, 12, 13, 14, 16, 17, 18].includes(id)),
        (id) => {
          expect(ids(teachersForProgram(teachers, id))).toEqual(ids(visible));
        },
      ),
    );
  });

  it('never offers a hidden teacher, whatever the programme', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), (id) => {
        expect(teachersForProgram(teachers, id).every((t) => t.state !== 'hidden')).toBe(true);
      }),
    );
  });

  it('checks each flag on its own', () => {
    for (const flag of flags) expect(teachers.some((t) => t[flag])).toBe(true);
  });
});

describe('scholarship status options (docs/behaviour.md#rules)', () => {
  const statuses = [1, 2, 3, 4, 5, 6].map((id) => ({ id, name: `s${id}`, nameJa: `状態${id}` }));
  const optionIds = (itemId: number | undefined) =>
    scholarshipStatusOptions(statuses, itemId).map((s) => s.id);

  it('item 12 offers only status 4', () => expect(optionIds(12)).toEqual([4]));
  it('item 13 offers only status 5', () => expect(optionIds(13)).toEqual([5]));
  it('no item offers every status but 4 and 5', () => expect(optionIds(undefined)).toEqual([1, 2, 3, 6]));
  it('issue 38 item 6: privately financed (item 1) offers no award status', () =>
    expect(optionIds(1)).toEqual([]));
  it('any other item offers every status but 4 and 5', () => {
    fc.assert(
      fc.property(
        fc.integer().filter((id) => id !== 12 && id !== 13 && id !== 1),
        (id) => {
          expect(optionIds(id)).toEqual([1, 2, 3, 6]);
        },
      ),
    );
  });
});
