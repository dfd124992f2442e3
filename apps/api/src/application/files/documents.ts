// An application's uploaded documents (issue 38): the application_documents rows the upload routes write
// (routes/applicationDocuments.ts), and the rules of when a slot may change. Every read names the account,
// so another applicant's application or document answers exactly as an unknown id.
import { randomBytes } from 'node:crypto';
import type { components } from '@pre-admission/api/schema';
import { documentsFor } from '@pre-admission/rules';
import type { Queryable } from '../../platform/db.ts';
import type { AcceptedType } from './inspect.ts';

type Schemas = components['schemas'];
export type ApplicationDocument = Schemas['ApplicationDocument'];
export type SlotKind = Schemas['DocumentSlotKind'];
type Reopened = Schemas['Reopened'];
type StudentType = Schemas['StudentType'];

/** The most files one application holds (openapi.yaml ApplicationConflict `too_many_files`). */
export const FILES_PER_APPLICATION = 50;

/** A new document id: 128 random bits in base64url (openapi.yaml OpaqueId). */
export const newDocumentId = (): string => randomBytes(16).toString('base64url');

/** Whether a path's id could be one of ours at all (openapi.yaml OpaqueId): anything else is not looked up. */
export const isOpaqueId = (id: string): boolean => /^[A-Za-z0-9_-]{22}$/.test(id);

/**
 * What the uploads read of an application (migration 10's `applications`): its state, what a return reopened
 * (openapi.yaml Reopened) and its choices, whose supervisor's course decides the document slots. A narrow read
 * of its own, because an upload may hold the row (FOR UPDATE) while it counts the application's files.
 */
export interface OwnApplication {
  id: string;
  status: Schemas['ApplicationStatus'];
  studentType: StudentType;
  reopened: Reopened | null;
  choices: Schemas['ApplicationChoices'];
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * The account's application with this id, or undefined (unknown, or another account's). `lock` holds its
 * row until the caller's transaction ends (FOR UPDATE): two uploads into one application then check the
 * count and the total one after the other.
 */
export async function findOwnApplication(
  db: Queryable,
  accountId: string,
  applicationId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<OwnApplication | undefined> {
  if (!isOpaqueId(applicationId)) return undefined;
  const [row] = await db.query<Record<string, unknown>>(
    `select id, status, student_type, reopened, answers -> 'choices' as choices
       from applications where id = $1 and account_id = $2${lock ? ' for update' : ''}`,
    [applicationId, accountId],
  );
  if (!row) return undefined;
  return {
    id: String(row.id),
    status: row.status as OwnApplication['status'],
    studentType: row.student_type as StudentType,
    reopened: row.reopened === null ? null : json<Reopened>(row.reopened),
    choices: row.choices === null || row.choices === undefined ? {} : json(row.choices),
  };
}

export interface DocumentRow {
  id: string;
  applicationId: string;
  slotKind: SlotKind;
  slotTypeId: number;
  fileId: string;
  previewFileId: string | null;
  displayName: string;
  mediaType: AcceptedType;
  size: number;
  createdAt: Date;
}

const COLUMNS = `id, application_id, slot_kind, slot_type_id, file_id, preview_file_id, display_name, media_type,
  size, created_at`;

function rowOf(raw: Record<string, unknown>): DocumentRow {
  return {
    id: String(raw.id),
    applicationId: String(raw.application_id),
    slotKind: raw.slot_kind as SlotKind,
    slotTypeId: Number(raw.slot_type_id),
    fileId: String(raw.file_id),
    previewFileId: raw.preview_file_id === null ? null : String(raw.preview_file_id),
    displayName: String(raw.display_name),
    mediaType: raw.media_type as AcceptedType,
    size: Number(raw.size),
    createdAt: raw.created_at instanceof Date ? raw.created_at : new Date(String(raw.created_at)),
  };
}

/** The document as openapi.yaml ApplicationDocument shows it. */
export const documentOf = (row: DocumentRow): ApplicationDocument => ({
  id: row.id,
  slotKind: row.slotKind,
  slotTypeId: row.slotTypeId,
  fileName: row.displayName,
  mediaType: row.mediaType,
  size: row.size,
  uploadedAt: row.createdAt.toISOString(),
  hasPreview: row.previewFileId !== null,
});

/** The account's document of the application, or undefined (unknown, another application's, another account's). */
export async function findOwnDocument(
  db: Queryable,
  accountId: string,
  applicationId: string,
  documentId: string,
): Promise<DocumentRow | undefined> {
  if (!isOpaqueId(applicationId) || !isOpaqueId(documentId)) return undefined;
  const [row] = await db.query(
    `select ${COLUMNS} from application_documents where id = $1 and application_id = $2 and account_id = $3`,
    [documentId, applicationId, accountId],
  );
  return row ? rowOf(row) : undefined;
}

/** The application's documents, oldest first. */
export async function documentRowsOf(db: Queryable, applicationId: string): Promise<DocumentRow[]> {
  const rows = await db.query(
    `select ${COLUMNS} from application_documents where application_id = $1 order by created_at, id`,
    [applicationId],
  );
  return rows.map(rowOf);
}

export async function insertDocument(db: Queryable, row: DocumentRow & { accountId: string }): Promise<void> {
  await db.query(
    `insert into application_documents (id, application_id, account_id, slot_kind, slot_type_id, file_id,
       preview_file_id, display_name, media_type, size, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      row.id,
      row.applicationId,
      row.accountId,
      row.slotKind,
      row.slotTypeId,
      row.fileId,
      row.previewFileId,
      row.displayName,
      row.mediaType,
      row.size,
      row.createdAt,
    ],
  );
}

export async function deleteDocument(db: Queryable, documentId: string): Promise<void> {
  await db.query('delete from application_documents where id = $1', [documentId]);
}

/** Why a document or slot cannot change now (openapi.yaml ApplicationConflict), or undefined when it can. */
export type ChangeRefusal = 'not_editable' | 'past_due';

/**
 * Whether the applicant may add a file to a slot or remove one: always in a draft; in an application returned
 * for changes, where the return reopened the documents section, or the document itself (removing it, or
 * adding to its slot), until the return's due date; never otherwise.
 */
export function changeRefusal(
  application: OwnApplication,
  now: Date,
  target: { documentId: string } | { slotKind: SlotKind; slotTypeId: number; documents: DocumentRow[] },
): ChangeRefusal | undefined {
  if (application.status === 'draft') return undefined;
  const { reopened } = application;
  if (application.status !== 'returned' || !reopened) return 'not_editable';
  const reopenedIds = new Set(reopened.documentIds);
  const open =
    reopened.sections.includes('documents') ||
    ('documentId' in target
      ? reopenedIds.has(target.documentId)
      : target.documents.some(
          (d) =>
            reopenedIds.has(d.id) && d.slotKind === target.slotKind && d.slotTypeId === target.slotTypeId,
        ));
  if (!open) return 'not_editable';
  return now.getTime() < new Date(reopened.dueAt).getTime() ? undefined : 'past_due';
}

interface SlotLists {
  teachers: { id: number; courseId: number }[];
  applicationCertificateTypes: Parameters<typeof documentsFor>[0];
  supplementalMaterialRequires: Parameters<typeof documentsFor>[1];
}

/**
 * Whether the slot is one the application asks for: a certificate type or a material requirement of its
 * supervisor's course and its kind (documentsFor, as the planner lists them). No supervisor chosen yet, no
 * slot. ASSUMPTION: the same rule as the applications branch's documentSlots, which replaces this once on main.
 */
export async function slotOffered(
  db: Queryable,
  application: OwnApplication,
  slotKind: SlotKind,
  slotTypeId: number,
): Promise<boolean> {
  const rows = await db.query<{ name: string; items: unknown }>(
    'select name, items from reference_lists where name = any($1)',
    [['teachers', 'applicationCertificateTypes', 'supplementalMaterialRequires']],
  );
  const lists = Object.fromEntries(rows.map((row) => [row.name, json(row.items)])) as Partial<SlotLists>;
  const { teacherId } = application.choices;
  const teacher =
    teacherId === undefined ? undefined : lists.teachers?.find((candidate) => candidate.id === teacherId);
  if (!teacher) return false;
  const { certificates, materials } = documentsFor(
    lists.applicationCertificateTypes ?? [],
    lists.supplementalMaterialRequires ?? [],
    teacher.courseId,
    application.studentType,
  );
  return (slotKind === 'certificate' ? certificates : materials).some((slot) => slot.id === slotTypeId);
}
