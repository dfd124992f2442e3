import { documentsFor } from '../documents.ts';
import { offeredTeacher, type PlanLists } from '../plan.ts';
import type { StudentType } from '../types.ts';
import type { ChoicesAnswers, DocumentInSlot, SlotKind } from './types.ts';

/** One document an application asks for: an application certificate type or a supplemental material requirement. */
export interface DocumentSlot {
  readonly slotKind: SlotKind;
  /** The certificate type's id, or the material requirement's id. */
  readonly slotTypeId: number;
  readonly required: boolean;
}

interface Ordered {
  readonly required: boolean;
  readonly displayOrder: number;
}

/**
 * docs/behaviour.md#applications: the document slots of an application, or undefined while its choices give no
 * course. The course is the supervisor's (a programme option has none of its own, as in the planner), so the
 * slots are those `documentsFor` gives for the offered supervisor's course and the kind: required ones first,
 * certificates and materials together in display order (a certificate before a material of the same order).
 */
export function documentSlots(
  lists: Pick<PlanLists, 'teachers' | 'applicationCertificateTypes' | 'supplementalMaterialRequires'>,
  studentType: StudentType,
  choices: Pick<ChoicesAnswers, 'programId' | 'teacherId'>,
): DocumentSlot[] | undefined {
  const teacher = offeredTeacher(lists, {
    ...choices,
    readyCertificateIds: [],
    readyMaterialIds: [],
  });
  if (!teacher) return undefined;
  const { certificates, materials } = documentsFor(
    lists.applicationCertificateTypes,
    lists.supplementalMaterialRequires,
    teacher.courseId,
    studentType,
  );
  const slot = (slotKind: SlotKind) => (item: Ordered & { id: number }) => ({
    slotKind,
    slotTypeId: item.id,
    required: item.required,
    order: item.displayOrder,
  });
  return [...certificates.map(slot('certificate')), ...materials.map(slot('material'))]
    .sort((a, b) => Number(b.required) - Number(a.required) || a.order - b.order)
    .map(({ slotKind, slotTypeId, required }) => ({ slotKind, slotTypeId, required }));
}

/** The field a slot's problems are reported on: `documents.certificate.311`. */
export const slotField = (slot: DocumentInSlot) => `documents.${slot.slotKind}.${slot.slotTypeId}`;
