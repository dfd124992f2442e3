// The desk's reads of applications (openapi.staff.yaml listStaffApplications, getStaffApplication): every query
// begins with the role's reach (reach.ts), so an application out of it is not found, as an unknown id is not.
// The list's filters and its name search read migration 14's generated columns and partial indexes; the name is
// searched width- and case-insensitively (NFKC, lower case, as the column is stored), each word of the query
// anywhere in it; a reference number is read as the applicant may have typed or said it (readReference).
import type { components } from '@pre-admission/api/staff-schema';
import { readReference } from '@pre-admission/rules';
import {
  COLUMNS,
  documentsOf,
  readDate,
  readJson,
  rowOf,
  type ApplicationRow,
  type Decision,
  type Reopened,
} from '../application/repository.ts';
import { isOpaqueId } from '../application/files/documents.ts';
import { consentStepsOf } from '../consent/requests.ts';
import type { ApplicationStatus } from '../application/stateMachine.ts';
import type { Queryable } from '../platform/db.ts';
import type { SignedInStaff } from '../staff/access.ts';
import type { StaffRole } from '../staff/staffAccounts.ts';
import { reachCondition, type DeskLists } from './reach.ts';

type Schemas = components['schemas'];
export type StaffApplication = Schemas['StaffApplication'];
export type StaffApplicationSummary = Schemas['StaffApplicationSummary'];
export type StaffHistoryEntry = Schemas['StaffHistoryEntry'];
export type StaffNote = Schemas['StaffNote'];

export interface ListQuery {
  status?: ApplicationStatus;
  kind?: string;
  programme?: number;
  course?: number;
  period?: string;
  nationality?: number;
  q?: string;
  sort: 'submitted' | '-submitted' | 'reference' | '-reference';
  page: number;
  pageSize: number;
}

const ORDER: Record<ListQuery['sort'], string> = {
  submitted: 'submitted_at asc, id asc',
  '-submitted': 'submitted_at desc, id desc',
  reference: 'reference asc, id asc',
  '-reference': 'reference desc, id desc',
};

/** `like` with the user's text taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The words of a name search as the stored column holds names: NFKC, lower case. */
export const searchWords = (q: string): string[] =>
  q.normalize('NFKC').toLowerCase().split(/\s+/u).filter(Boolean);

export const courseOf = (lists: DeskLists, teacherId: number | null | undefined) =>
  teacherId === null || teacherId === undefined
    ? undefined
    : lists.teachers.find((t) => t.id === teacherId)?.courseId;

/**
 * The condition on `applications` of the list's query within the staff member's reach, and its values: what
 * listApplications pages through and the export (export.ts) reads whole.
 */
export function filterOf(
  staff: SignedInStaff,
  lists: DeskLists,
  query: Omit<ListQuery, 'sort' | 'page' | 'pageSize'>,
): { filter: string; params: unknown[] } {
  const params: unknown[] = [];
  const where = [reachCondition(staff, lists, params)];
  const add = (condition: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(condition(`$${params.length}`));
  };
  if (query.status) add((p) => `status = ${p}`, query.status);
  if (query.kind) add((p) => `student_type = ${p}`, query.kind);
  if (query.programme !== undefined) add((p) => `program_id = ${p}`, query.programme);
  if (query.course !== undefined)
    add(
      (p) => `teacher_id = any(${p}::integer[])`,
      lists.teachers.filter((t) => t.courseId === query.course).map((t) => t.id),
    );
  if (query.period) add((p) => `period_id = ${p}`, query.period);
  if (query.nationality !== undefined) add((p) => `nationality_id = ${p}`, query.nationality);
  if (query.q) {
    const reference = readReference(query.q);
    if (reference.ok) add((p) => `reference = ${p}`, reference.reference);
    else
      for (const word of searchWords(query.q))
        add((p) => `search_name like ${p} escape '\\'`, `%${likeLiteral(word)}%`);
  }
  const filter = where.join(' and ');
  return { filter, params };
}

/** One page of the applications of the staff member's reach that match, and how many match in all. */
export async function listApplications(
  db: Queryable,
  staff: SignedInStaff,
  lists: DeskLists,
  query: ListQuery,
): Promise<{ applications: StaffApplicationSummary[]; total: number }> {
  const { filter, params } = filterOf(staff, lists, query);
  const counted = await db.query<{ total: number | string }>(
    `select count(*) as total from applications where ${filter}`,
    params,
  );
  const rows = await db.query(
    `select id, reference, status, student_type, program_id, teacher_id, period_id,
        answers -> 'personal' as personal, nationality_id, submitted_at, updated_at
       from applications where ${filter}
      order by ${ORDER[query.sort]} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    params,
  );
  return {
    total: Number(counted[0]!.total),
    applications: rows.map((raw) => {
      const personal = readJson<Record<string, unknown>>(raw.personal ?? {}) ?? {};
      const summary: StaffApplicationSummary = {
        id: String(raw.id),
        status: raw.status as ApplicationStatus,
        studentType: raw.student_type as StaffApplicationSummary['studentType'],
        updatedAt: readDate(raw.updated_at).toISOString(),
      };
      if (raw.reference !== null) summary.reference = String(raw.reference);
      if (raw.program_id !== null) summary.programId = Number(raw.program_id);
      if (raw.teacher_id !== null) summary.teacherId = Number(raw.teacher_id);
      const courseId = courseOf(lists, raw.teacher_id === null ? null : Number(raw.teacher_id));
      if (courseId !== undefined) summary.courseId = courseId;
      if (raw.period_id !== null) summary.periodId = String(raw.period_id);
      for (const key of ['familyName', 'givenNames', 'nameJa'] as const)
        if (typeof personal[key] === 'string') summary[key] = personal[key];
      if (raw.nationality_id !== null) summary.nationalityId = Number(raw.nationality_id);
      if (raw.submitted_at !== null) summary.submittedAt = readDate(raw.submitted_at).toISOString();
      return summary;
    }),
  };
}

/**
 * The application with this id if the staff member's reach holds it, or undefined (no such id, a draft, or
 * one out of reach: the same). `lock` takes the row for the caller's transaction.
 */
export async function findReachable(
  db: Queryable,
  staff: SignedInStaff,
  lists: DeskLists,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ApplicationRow | undefined> {
  if (!isOpaqueId(id)) return undefined;
  const params: unknown[] = [id];
  const reach = reachCondition(staff, lists, params);
  const rows = await db.query(
    `select ${COLUMNS} from applications
      where id = $1 and ${reach}${lock ? ' for update' : ''}`,
    params,
  );
  return rows[0] ? rowOf(rows[0]) : undefined;
}

const actorOf = (raw: Record<string, unknown>) =>
  raw.staff_id === null ? undefined : { staffId: String(raw.staff_id), role: raw.staff_role as StaffRole };

/** The whole application as the staff see it: every section, the documents, the history with who, the notes. */
export async function staffApplicationOf(
  db: Queryable,
  lists: DeskLists,
  row: ApplicationRow,
  reader: Pick<SignedInStaff, 'assignment'>,
): Promise<StaffApplication> {
  const history = await db.query(
    `select status, at, reason, reopened, decision, staff_id::text as staff_id, staff_role
       from application_history where application_id = $1 order by seq`,
    [row.id],
  );
  const notes = await db.query(
    `select at, text, staff_id::text as staff_id, staff_role from application_notes
      where application_id = $1 order by id`,
    [row.id],
  );
  const application: StaffApplication = {
    id: row.id,
    status: row.status,
    studentType: row.studentType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    answers: row.answers,
    documents: await documentsOf(db, row.id),
    history: history.map((raw) => {
      const entry: StaffHistoryEntry = {
        status: raw.status as ApplicationStatus,
        at: readDate(raw.at).toISOString(),
      };
      const actor = actorOf(raw);
      if (actor) entry.actor = actor;
      if (raw.reason !== null) entry.reason = String(raw.reason);
      if (raw.reopened !== null) entry.reopened = readJson<Reopened>(raw.reopened);
      if (raw.decision !== null) entry.decision = readJson<Decision>(raw.decision);
      return entry;
    }),
    notes: notes.map((raw) => noteOf(raw)),
    consentSteps: await consentStepsOf(
      db,
      row.id,
      reader.assignment.role === 'supervisor' ? (reader.assignment.teacherId ?? -1) : undefined,
    ),
  };
  if (row.reference !== null) application.reference = row.reference;
  if (row.programId !== null) application.programId = row.programId;
  const courseId = courseOf(lists, row.answers.choices.teacherId);
  if (courseId !== undefined) application.courseId = courseId;
  if (row.periodId !== null) application.periodId = row.periodId;
  if (row.submittedAt !== null) application.submittedAt = row.submittedAt.toISOString();
  if (row.reopened !== null) application.reopened = row.reopened;
  if (row.decision !== null) application.decision = row.decision;
  return application;
}

export const noteOf = (raw: Record<string, unknown>): StaffNote => ({
  at: readDate(raw.at).toISOString(),
  actor: actorOf(raw)!,
  text: String(raw.text),
});
