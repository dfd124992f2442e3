// The applications table and its history (platform/migrations.ts, migration 10) as the operations read and
// write them; an application's documents are the uploads' (files/documents.ts, migration 11). Every read
// names the account: an application is only ever found through the session's own account, so another
// account's id answers exactly as an unknown one (docs/security.md#applications).
import { randomBytes } from 'node:crypto';
import type { components } from '@pre-admission/api/schema';
import type { Queryable } from '../platform/db.ts';
import { documentOf, documentRowsOf, isOpaqueId } from './files/documents.ts';
import type { ApplicationStatus } from './stateMachine.ts';

type Schemas = components['schemas'];
export type ApplicationAnswers = Schemas['ApplicationAnswers'];
export type ApplicationAnswersPatch = Schemas['ApplicationAnswersPatch'];
export type StudentType = Schemas['StudentType'];
export type Plan = Schemas['Plan'];
export type Application = Schemas['Application'];
export type ApplicationSummary = Schemas['ApplicationSummary'];
export type ApplicationDocument = Schemas['ApplicationDocument'];
export type HistoryEntry = Schemas['HistoryEntry'];
export type Reopened = Schemas['Reopened'];
export type Decision = Schemas['Decision'];

/** A new application id: 128 random bits in base64url, 22 characters (openapi.yaml OpaqueId). */
export const newApplicationId = (): string => randomBytes(16).toString('base64url');

/** A section never saved is an empty object (openapi.yaml ApplicationAnswers). */
export const emptyAnswers = (): ApplicationAnswers => ({
  choices: {},
  personal: {},
  contact: {},
  education: { entries: [] },
  declarations: {},
});

export interface ApplicationRow {
  id: string;
  accountId: string;
  studentType: StudentType;
  programId: number | null;
  status: ApplicationStatus;
  answers: ApplicationAnswers;
  periodId: string | null;
  reference: string | null;
  createdAt: Date;
  updatedAt: Date;
  submittedAt: Date | null;
  reopened: Reopened | null;
  decision: Decision | null;
}

type Raw = Record<string, unknown>;

/** jsonb as either engine hands it back: parsed (pg, PGlite) or, defensively, as text. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/** The columns rowOf reads (the desk's queries select the same: ../desk/applications.ts). */
export const COLUMNS = `id, account_id::text as account_id, student_type, program_id, status, answers, period_id, reference,
  created_at, updated_at, submitted_at, reopened, decision`;

export function rowOf(raw: Raw): ApplicationRow {
  return {
    id: String(raw.id),
    accountId: String(raw.account_id),
    studentType: raw.student_type as StudentType,
    programId: raw.program_id === null ? null : Number(raw.program_id),
    status: raw.status as ApplicationStatus,
    answers: json<ApplicationAnswers>(raw.answers),
    periodId: (raw.period_id as string | null) ?? null,
    reference: (raw.reference as string | null) ?? null,
    createdAt: date(raw.created_at),
    updatedAt: date(raw.updated_at),
    submittedAt: raw.submitted_at === null ? null : date(raw.submitted_at),
    reopened: raw.reopened === null ? null : json<Reopened>(raw.reopened),
    decision: raw.decision === null ? null : json<Decision>(raw.decision),
  };
}

/**
 * The account's application with this id, or undefined (no such id, or another account's). `lock` takes the
 * row for the caller's transaction (FOR UPDATE): parallel changes of one application then wait for each other.
 */
export async function findApplication(
  db: Queryable,
  accountId: string,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ApplicationRow | undefined> {
  if (!isOpaqueId(id)) return undefined;
  const rows = await db.query(
    `select ${COLUMNS} from applications where id = $1 and account_id = $2${lock ? ' for update' : ''}`,
    [id, accountId],
  );
  return rows[0] ? rowOf(rows[0]) : undefined;
}

/** The account's applications, most recently changed first. */
export async function applicationsOf(db: Queryable, accountId: string): Promise<ApplicationRow[]> {
  const rows = await db.query(
    `select ${COLUMNS} from applications where account_id = $1 order by updated_at desc, id`,
    [accountId],
  );
  return rows.map(rowOf);
}

/** The account's draft of a kind, if it has one (one at most: applications_one_draft). */
export async function draftOf(
  db: Queryable,
  accountId: string,
  studentType: StudentType,
): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `select id from applications where account_id = $1 and student_type = $2 and status = 'draft'`,
    [accountId, studentType],
  );
  return rows[0]?.id;
}

/** Whether the account has another open application of the kind in the period. */
export async function hasOpenApplication(
  db: Queryable,
  row: Pick<ApplicationRow, 'id' | 'accountId' | 'studentType'>,
  periodId: string,
): Promise<boolean> {
  const rows = await db.query(
    `select 1 from applications
      where account_id = $1 and student_type = $2 and period_id = $3 and id <> $4
        and status in ('submitted', 'underReview', 'returned', 'resubmitted')`,
    [row.accountId, row.studentType, periodId, row.id],
  );
  return rows.length > 0;
}

export async function insertDraft(
  db: Queryable,
  draft: { id: string; accountId: string; studentType: StudentType; answers: ApplicationAnswers; at: Date },
): Promise<void> {
  await db.query(
    `insert into applications (id, account_id, student_type, program_id, status, answers, created_at, updated_at)
     values ($1, $2, $3, $4, 'draft', $5::jsonb, $6, $6)`,
    [
      draft.id,
      draft.accountId,
      draft.studentType,
      draft.answers.choices.programId ?? null,
      JSON.stringify(draft.answers),
      draft.at,
    ],
  );
}

/**
 * Replaces the sections in `patch`, each whole, of an application still in `status` (a conditional update: a
 * submission that came first wins, and this changes nothing). The database merges the sections into the
 * stored answers (`||`), so two saves of different sections at once both stay. False when the status had
 * moved on.
 */
export async function mergeAnswers(
  db: Queryable,
  row: Pick<ApplicationRow, 'id' | 'accountId' | 'status'>,
  patch: Partial<ApplicationAnswers>,
  at: Date,
): Promise<boolean> {
  const rows = await db.query(
    `update applications set answers = answers || $4::jsonb, updated_at = $5,
        program_id = case when $4::jsonb ? 'choices' then ($4::jsonb -> 'choices' ->> 'programId')::integer
                          else program_id end
      where id = $1 and account_id = $2 and status = $3 returning id`,
    [row.id, row.accountId, row.status, JSON.stringify(patch), at],
  );
  return rows.length > 0;
}

/** Deletes a draft (its documents go with it: application_documents' on delete cascade). */
export async function deleteDraft(db: Queryable, accountId: string, id: string): Promise<boolean> {
  const rows = await db.query(
    `delete from applications where id = $1 and account_id = $2 and status = 'draft' returning id`,
    [id, accountId],
  );
  return rows.length > 0;
}

export interface StatusChange {
  status: ApplicationStatus;
  at: Date;
  /** The applicant's reason (a withdrawal). */
  reason?: string;
  reopened?: Reopened | null;
  decision?: Decision | null;
  /** The staff member who made the change, with the role they had (null for the applicant's own). */
  by?: { staffId: string; role: string };
  /** Set by a submission (a resubmission keeps the first ones). */
  periodId?: string;
  reference?: string;
  submittedAt?: Date;
}

/**
 * Moves an application still in `from` to its new status and writes the history entry, in the caller's
 * transaction. False when the application was no longer in `from` (another request moved it first).
 */
export async function changeStatus(
  tx: Queryable,
  row: Pick<ApplicationRow, 'id' | 'accountId'>,
  from: ApplicationStatus,
  change: StatusChange,
): Promise<boolean> {
  const updated = await tx.query(
    `update applications set status = $4, updated_at = $5,
        period_id = coalesce($6::text, period_id), reference = coalesce($7::text, reference),
        submitted_at = coalesce($8::timestamptz, submitted_at),
        reopened = case when $9::boolean then $10::jsonb else reopened end,
        decision = case when $11::boolean then $12::jsonb else decision end
      where id = $1 and account_id = $2 and status = $3 returning id`,
    [
      row.id,
      row.accountId,
      from,
      change.status,
      change.at,
      change.periodId ?? null,
      change.reference ?? null,
      change.submittedAt ?? null,
      change.reopened !== undefined,
      change.reopened ? JSON.stringify(change.reopened) : null,
      change.decision !== undefined,
      change.decision ? JSON.stringify(change.decision) : null,
    ],
  );
  if (updated.length === 0) return false;
  await tx.query(
    `insert into application_history (application_id, seq, status, at, reason, reopened, decision, staff_id,
       staff_role)
     select $1::text, coalesce(max(seq), 0) + 1, $2::text, $3::timestamptz, $4::text, $5::jsonb, $6::jsonb,
       $7::bigint, $8::text
       from application_history where application_id = $1::text`,
    [
      row.id,
      change.status,
      change.at,
      change.reason ?? null,
      change.reopened ? JSON.stringify(change.reopened) : null,
      change.decision ? JSON.stringify(change.decision) : null,
      change.by?.staffId ?? null,
      change.by?.role ?? null,
    ],
  );
  return true;
}

/** Each application's history, oldest first. */
async function historiesOf(db: Queryable, ids: readonly string[]): Promise<Map<string, HistoryEntry[]>> {
  const byId = new Map<string, HistoryEntry[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byId;
  const rows = await db.query(
    `select application_id, status, at, reason, reopened, decision from application_history
      where application_id = any($1) order by application_id, seq`,
    [ids],
  );
  for (const raw of rows) {
    const entry: HistoryEntry = { status: raw.status as ApplicationStatus, at: date(raw.at).toISOString() };
    if (raw.reason !== null) entry.reason = String(raw.reason);
    if (raw.reopened !== null) entry.reopened = json<Reopened>(raw.reopened);
    if (raw.decision !== null) entry.decision = json<Decision>(raw.decision);
    byId.get(String(raw.application_id))!.push(entry);
  }
  return byId;
}

/** `json` and `date` for the desk's queries (../desk/applications.ts), which read the same columns. */
export const readJson = json;
export const readDate = date;

/** An application's documents (the uploads' table, files/documents.ts), oldest first. */
export async function documentsOf(db: Queryable, applicationId: string): Promise<ApplicationDocument[]> {
  return (await documentRowsOf(db, applicationId)).map(documentOf);
}

function summaryOf(row: ApplicationRow, history: HistoryEntry[]): ApplicationSummary {
  const summary: ApplicationSummary = {
    id: row.id,
    status: row.status,
    studentType: row.studentType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    history,
  };
  if (row.programId !== null) summary.programId = row.programId;
  if (row.periodId !== null) summary.periodId = row.periodId;
  if (row.reference !== null) summary.reference = row.reference;
  if (row.submittedAt !== null) summary.submittedAt = row.submittedAt.toISOString();
  if (row.reopened !== null) summary.reopened = row.reopened;
  if (row.decision !== null) summary.decision = row.decision;
  return summary;
}

/** The applications as the list answers them: without answers and documents. */
export async function summaries(
  db: Queryable,
  rows: readonly ApplicationRow[],
): Promise<ApplicationSummary[]> {
  const histories = await historiesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => summaryOf(row, histories.get(row.id)!));
}

/** The whole application, as every operation but the list answers it. */
export async function applicationOf(db: Queryable, row: ApplicationRow): Promise<Application> {
  const histories = await historiesOf(db, [row.id]);
  return {
    ...summaryOf(row, histories.get(row.id)!),
    answers: row.answers,
    documents: await documentsOf(db, row.id),
  };
}
