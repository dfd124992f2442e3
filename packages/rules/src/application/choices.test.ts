import { describe, expect, it } from 'vitest';
import { choicesFromPlan } from './choices.ts';
import { lists } from './fixtures.ts';

const plan = {
  studentType: 'master' as const,
  programId: 11,
  teacherId: 101,
  scholarshipTypeId: 12,
  scholarshipStatusId: 4,
  financialSupportId: 1,
  readyCertificateIds: [311],
  readyMaterialIds: [],
  countryId: 156,
  universityId: 1,
};

describe('a new application’s choices from the plan (docs/behaviour.md#applications)', () => {
  it('takes the plan’s programme, supervisor and scholarship for the same kind', () => {
    expect(choicesFromPlan(lists, plan, 'master')).toEqual({
      programId: 11,
      teacherId: 101,
      scholarshipTypeId: 12,
      scholarshipStatusId: 4,
      financialSupportId: 1,
    });
  });

  it('takes nothing from a plan of another kind, or none', () => {
    expect(choicesFromPlan(lists, plan, 'doctoral')).toEqual({});
    expect(choicesFromPlan(lists, { ...plan, studentType: undefined }, 'master')).toEqual({});
  });

  it('leaves out each choice no longer offered, and a supervisor without their programme', () => {
    expect(choicesFromPlan(lists, { ...plan, teacherId: 104 }, 'master')).toEqual({
      programId: 11,
      scholarshipTypeId: 12,
      scholarshipStatusId: 4,
      financialSupportId: 1,
    });
    expect(
      choicesFromPlan(
        lists,
        { ...plan, programId: 99, scholarshipTypeId: 1, financialSupportId: 9 },
        'master',
      ),
    ).toEqual({
      scholarshipTypeId: 1,
    });
  });
});
