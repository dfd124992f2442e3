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
import { screeningsOf, type StaffScreening } from '../screening/screenings.ts';
import { reachCondition, type DeskLists } from './reach.ts';

type Schemas = components['schemas'];
export type StaffApplication = Schemas['StaffApplication'];
export type StaffApplicationSummary = Schemas['StaffApplicationSummary'];
export type StaffHistoryEntry = Schemas['StaffHistoryEntry'];
export type StaffNote = Schemas['StaffNote'];

/** openapi.staff.yaml ApplicationConsentFilter. */
export type ConsentFilter = Schemas['ApplicationConsentFilter'];
export const consentFilters: readonly ConsentFilter[] = [
  'notRequired',
  'notAsked',
  'requested',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
];

/**
 * Where an application stands with the supervisor's consent, as a condition on `applications`: its programme
 * option requires consent or not (consent_requirements), and the latest request's status (migration 15's
 * index of the requests by application and order).
 */
const consentCondition = (filter: ConsentFilter, p?: string) => {
  const required =
    'exists (select 1 from consent_requirements c where c.program_id = applications.program_id)';
  if (filter === 'notRequired') return `not ${required}`;
  const latest = `(select r.status from consent_requests r where r.application_id = applications.id
      order by r.seq desc limit 1)`;
  if (filter === 'notAsked') return `${required} and ${latest} is null`;
  return `${required} and ${latest} = ${p}`;
};

export interface ListQuery {
  status?: ApplicationStatus;
  kind?: string;
  programme?: number;
  course?: number;
  period?: string;
  nationality?: number;
  consent?: ConsentFilter;
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
  const { consent } = query;
  if (consent === 'notRequired' || consent === 'notAsked') where.push(consentCondition(consent));
  else if (consent) add((p) => consentCondition(consent, p), consent);
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

/**
 * The statement of one page of the list: the page's ids first (sorted, the rows before the page skipped), then
 * the page's rows read by id. A deep page skips thousands of rows; read in one statement, each of them had its
 * answers read and cut for the name before being thrown away (`npm run bench:desk`, page 400 of 10,000 by
 * reference: p50 58–86 ms, 19–24 times the session check, on PGlite; 21 ms, 8 times, read this way).
 */
export const pageStatement = (filter: string, query: Pick<ListQuery, 'sort' | 'page' | 'pageSize'>) =>
  `select id, reference, status, student_type, program_id, teacher_id, period_id,
      answers -> 'personal' as personal, nationality_id, submitted_at, updated_at
     from applications
    where id in (select id from applications where ${filter}
       order by ${ORDER[query.sort]} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize})
    order by ${ORDER[query.sort]}`;

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
  const rows = await db.query(pageStatement(filter, query), params);
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

/**
 * The whole application as the staff see it: every section, the documents, the history with who, the notes; for
 * the desk only (`role`), its export-control screening and the screening's steps in the history.
 */
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
  if (reader.assignment.role === 'desk') {
    const screenings = await screeningsOf(db, row.id);
    if (screenings.length > 0) {
      application.screening = screenings.at(-1)!;
      application.history = withScreenings(application.history, screenings);
    }
  }
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

/**
 * The history with each screening and each outcome as an entry of its own, in time order, `status` the
 * application's then (a draft's before its first entry). They are read from the screening tables, not written to
 * application_history: the applicant's API and the retention clocks read that table (docs/behaviour.md#export-control-screening).
 */
function withScreenings(
  history: StaffHistoryEntry[],
  screenings: readonly StaffScreening[],
): StaffHistoryEntry[] {
  const statusAt = (at: string): StaffHistoryEntry['status'] =>
    history.filter((entry) => entry.at <= at).at(-1)?.status ?? 'draft';
  const added: StaffHistoryEntry[] = [];
  for (const screening of screenings) {
    added.push({
      status: statusAt(screening.at),
      at: screening.at,
      screening: { event: 'screened', trigger: screening.trigger, result: screening.result },
    });
    const { outcome } = screening;
    if (outcome)
      added.push({
        status: statusAt(outcome.at),
        at: outcome.at,
        actor: { staffId: outcome.staffId, role: 'desk' },
        screening: { event: 'outcome', outcome: outcome.outcome, reason: outcome.reason },
      });
  }
  // A stable sort: at one instant, the change of status first (a submission, then its screening).
  return [...history, ...added].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

export const noteOf = (raw: Record<string, unknown>): StaffNote => ({
  at: readDate(raw.at).toISOString(),
  actor: actorOf(raw)!,
  text: String(raw.text),
});
