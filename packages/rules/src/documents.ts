import type { ApplicationCertificateType, StudentType, SupplementalMaterialRequire } from './types';

export interface Documents {
  readonly certificates: ApplicationCertificateType[];
  readonly materials: SupplementalMaterialRequire[];
}

interface Ordered {
  readonly id: number;
  readonly required: boolean;
  readonly displayOrder: number;
}

/** Required ones first, then optional ones; each part in display order (then by id). */
const requiredFirst = (a: Ordered, b: Ordered) =>
  Number(b.required) - Number(a.required) || a.displayOrder - b.displayOrder || a.id - b.id;

/**
 * docs/behaviour.md#rules: the documents to prepare for a course and kind of application: its application
 * certificate types (hidden ones left out) and supplemental material requirements, required ones first, then in
 * display order.
 */
export function documentsFor(
  certificateTypes: readonly ApplicationCertificateType[],
  materialRequires: readonly SupplementalMaterialRequire[],
  courseId: number,
  studentType: StudentType,
): Documents {
  const matches = (item: { courseId: number; studentType: StudentType }) =>
    item.courseId === courseId && item.studentType === studentType;
  return {
    certificates: certificateTypes
      .filter((type) => matches(type) && type.state !== 'hidden')
      .sort(requiredFirst),
    materials: materialRequires.filter(matches).sort(requiredFirst),
  };
}
