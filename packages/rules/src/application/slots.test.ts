import { describe, expect, it } from 'vitest';
import { lists } from './fixtures.ts';
import { documentSlots } from './slots.ts';

describe('document slots (docs/behaviour.md#applications)', () => {
  it('lists the supervisor’s course’s documents for the kind, required first, certificates and materials in display order', () => {
    expect(documentSlots(lists, 'master', { programId: 11, teacherId: 101 })).toEqual([
      { slotKind: 'certificate', slotTypeId: 311, required: true },
      { slotKind: 'material', slotTypeId: 411, required: true },
      { slotKind: 'certificate', slotTypeId: 313, required: true },
      { slotKind: 'material', slotTypeId: 412, required: false },
      { slotKind: 'certificate', slotTypeId: 312, required: false },
    ]);
  });

  it('knows no slots without a supervisor the programme offers', () => {
    expect(documentSlots(lists, 'master', { programId: 11 })).toBeUndefined();
    expect(documentSlots(lists, 'master', { teacherId: 101 })).toBeUndefined();
    expect(documentSlots(lists, 'master', { programId: 11, teacherId: 104 })).toBeUndefined();
    expect(documentSlots(lists, 'master', { programId: 12, teacherId: 101 })).toBeUndefined();
  });

  it('is empty, not unknown, when the course asks nothing of the kind', () => {
    // Course 2's only certificate type (321) is for master's applications.
    expect(documentSlots(lists, 'doctoral', { programId: 12, teacherId: 102 })).toEqual([]);
  });
});
