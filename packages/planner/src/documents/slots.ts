import type {
  Application,
  ApplicationCertificateType,
  ApplicationDocument,
  DocumentSlotKind,
  Attachment,
  SupplementalMaterialRequire,
  SupplementalMaterialType,
  Teacher,
} from '@pre-admission/api';
import { documentSlots } from '@pre-admission/rules';

/** The reference lists the documents section reads (the app's one reference-data cache). */
export interface DocumentsLists {
  /** The supervisor's graduate school (the teacher's course) decides the documents. */
  readonly teachers: readonly Teacher[];
  readonly applicationCertificateTypes: readonly ApplicationCertificateType[];
  readonly supplementalMaterialRequires: readonly SupplementalMaterialRequire[];
  /** A material's name and downloadable templates. */
  readonly supplementalMaterialTypes: readonly SupplementalMaterialType[];
}

/** A name or text in both languages, as the reference data gives it. */
export interface Both {
  readonly en: string;
  readonly ja: string;
}

/** One document the application asks for, with the files uploaded into it. */
export interface Slot {
  /** `certificate-311`: unique on the page, and the prefix of its elements' ids. */
  readonly key: string;
  readonly kind: DocumentSlotKind;
  /** The certificate type's id, or the material requirement's (openapi.yaml `DocumentUpload.slotTypeId`). */
  readonly typeId: number;
  readonly required: boolean;
  readonly name: Both;
  readonly description: Both | undefined;
  readonly templates: readonly Attachment[];
  readonly documents: readonly ApplicationDocument[];
}

export const slotKey = (kind: DocumentSlotKind, typeId: number) => `${kind}-${typeId}`;

/**
 * docs/behaviour.md#applications, Document slots: the slots `documentSlots` (packages/rules) gives for the
 * application's offered supervisor's course and its kind, required ones first, then in display order; each
 * with its name, description and templates from the lists, and its files, oldest first. A file whose slot the
 * application no longer asks for (the supervisor changed since) is `unslotted`, so it can still be seen and
 * removed. No supervisor offered yet: no slot.
 */
export function slotsOf(
  lists: DocumentsLists,
  application: Pick<Application, 'studentType' | 'answers' | 'documents'>,
): { slots: Slot[]; unslotted: ApplicationDocument[]; needsSupervisor: boolean } {
  const found = documentSlots(lists, application.studentType, application.answers.choices ?? {});
  const filesOf = (kind: DocumentSlotKind, typeId: number) =>
    application.documents
      .filter((doc) => doc.slotKind === kind && doc.slotTypeId === typeId)
      .sort((a, b) => a.uploadedAt.getTime() - b.uploadedAt.getTime());
  const slots = (found ?? []).map(({ slotKind, slotTypeId, required }): Slot => {
    const base = {
      key: slotKey(slotKind, slotTypeId),
      kind: slotKind,
      typeId: slotTypeId,
      required,
      documents: filesOf(slotKind, slotTypeId),
    };
    if (slotKind === 'certificate') {
      const type = lists.applicationCertificateTypes.find((item) => item.id === slotTypeId);
      return {
        ...base,
        name: { en: type?.name ?? '', ja: type?.nameJa ?? '' },
        description:
          type && (type.description || type.descriptionJa)
            ? { en: type.description, ja: type.descriptionJa }
            : undefined,
        templates: [],
      };
    }
    const requirement = lists.supplementalMaterialRequires.find((item) => item.id === slotTypeId);
    const type = lists.supplementalMaterialTypes.find(
      (t) => t.id === requirement?.supplementalMaterialTypeId,
    );
    return {
      ...base,
      name: { en: type?.name ?? '', ja: type?.nameJa ?? '' },
      description: undefined,
      templates: type?.templates ?? [],
    };
  });
  const shown = new Set(slots.flatMap((slot) => slot.documents.map((doc) => doc.id)));
  return {
    slots,
    unslotted: application.documents.filter((doc) => !shown.has(doc.id)),
    needsSupervisor: found === undefined,
  };
}

/** What the applicant may do with the files, by the application's state (docs/behaviour.md#documents). */
export interface DocumentAccess {
  /** Add files to the slot. */
  canAdd: (slot: Slot) => boolean;
  /** Remove the file. */
  canRemove: (document: ApplicationDocument) => boolean;
  /** Replace the file with another (the new one first, then the old one removed). */
  canReplace: (document: ApplicationDocument) => boolean;
}

/**
 * A draft takes any change. An application returned for changes takes only what the return reopened: the
 * reopened files can be replaced, nothing else (a return that reopens the documents section without naming
 * a file reopens every slot). Any other state is read only: the files can be seen, not changed.
 */
export function documentAccess(application: Pick<Application, 'status' | 'reopened'>): DocumentAccess {
  const none = () => false;
  if (application.status === 'draft') return { canAdd: () => true, canRemove: () => true, canReplace: none };
  const reopened = application.status === 'returned' ? application.reopened : undefined;
  if (reopened && reopened.documentIds.length > 0)
    return { canAdd: none, canRemove: none, canReplace: (doc) => reopened.documentIds.includes(doc.id) };
  if (reopened?.sections.includes('documents'))
    return { canAdd: () => true, canRemove: () => true, canReplace: none };
  return { canAdd: none, canRemove: none, canReplace: none };
}
