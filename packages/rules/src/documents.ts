import type { ApplicationCertificateType, StudentType, SupplementalMaterialRequire } from './types.ts';

/** The fields the rules read of a certificate type (the front end's parsed one has dates as `Date`). */
export type CertificateTypeFields = Pick<
  ApplicationCertificateType,
  'id' | 'courseId' | 'studentType' | 'required' | 'displayOrder' | 'state'
>;

export interface Documents<
  Certificate extends CertificateTypeFields = ApplicationCertificateType,
  Material extends SupplementalMaterialRequire = SupplementalMaterialRequire,
> {
  readonly certificates: Certificate[];
  readonly materials: Material[];
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
export function documentsFor<
  Certificate extends CertificateTypeFields,
  Material extends SupplementalMaterialRequire,
>(
  certificateTypes: readonly Certificate[],
  materialRequires: readonly Material[],
  courseId: number,
  studentType: StudentType,
): Documents<Certificate, Material> {
  const matches = (item: { courseId: number; studentType: StudentType }) =>
    item.courseId === courseId && item.studentType === studentType;
  return {
    certificates: certificateTypes
      .filter((type) => matches(type) && type.state !== 'hidden')
      .sort(requiredFirst),
    materials: materialRequires.filter(matches).sort(requiredFirst),
  };
}
