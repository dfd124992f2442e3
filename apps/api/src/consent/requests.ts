// The supervisor's consent (内諾) before submission (openapi.yaml tag `consent`, openapi.staff.yaml tag
// `staff-consent`; docs/behaviour.md#supervisor-consent, docs/security.md#staff). The applicant asks the
// supervisor chosen in a draft, with a message and the research plan already uploaded (by reference); the
// supervisor accepts or declines with a reason of the acceptor reject reasons; the applicant may withdraw a
// waiting request; housekeeping expires one left unanswered (CONSENT_REQUEST_DAYS). Each step is one
// statement or transaction that changes a request only from `requested` (a conditional update, the partial
// unique index of migration 15), so two steps at once, on one instance or several, cannot both win. Who closed
// a request and when stays on its row.
import { randomBytes } from 'node:crypto';
import type { Locale } from '@pre-admission/i18n/choice';
import { isUniqueViolation, type Queryable } from '../platform/db.ts';
import { HttpProblem, problems } from '../platform/problem.ts';
import type { Services } from '../services.ts';
import type { SignedInStaff } from '../staff/access.ts';
import type { StaffRole } from '../staff/staffAccounts.ts';
import { findApplication, type ApplicationRow, type StudentType } from '../application/repository.ts';
import { isOpaqueId } from '../application/files/documents.ts';
import {
  heldByScreening,
  latestScreenings,
  screenApplication,
  type StaffScreening,
} from '../screening/screenings.ts';
import { consentAnsweredMail, consentRequestedMail } from './mails.ts';

export type ConsentStatus = 'requested' | 'accepted' | 'declined' | 'expired' | 'withdrawn';
export type ConsentConflictCode =
  | 'not_editable'
  | 'no_supervisor'
  | 'no_research_plan'
  | 'supervisor_unavailable'
  | 'consent_pending'
  | 'consent_given'
  | 'consent_not_pending';

/** Who reads the requests (theirs; the desk all) and who decides them (only the supervisor named). */
export const consentReadingRoles: readonly StaffRole[] = ['desk', 'supervisor'];
export const consentDecidingRoles: readonly StaffRole[] = ['supervisor'];

/** The supplemental material type "Research plan" (supplementalMaterialTypes.json id 1). */
const RESEARCH_PLAN_TYPE = 1;

export const consentProblems = {
  /** Another application's, another teacher's or unknown: one answer. */
  notFound: () =>
    new HttpProblem(404, 'not-found', 'The consent request was not found.', {
      code: 'consent_request_not_found',
    }),
  conflict: (code: ConsentConflictCode) =>
    new HttpProblem(409, 'consent-conflict', 'The consent request cannot be changed in its present state.', {
      code,
    }),
};

type RequestRow = {
  id: string;
  application_id: string;
  account_id: string;
  teacher_id: number;
  message: string;
  research_plan_document_id: string | null;
  research_plan_name: string;
  locale: Locale;
  status: ConsentStatus;
  requested_at: Date | string;
  expires_at: Date | string;
  closed_at: Date | string | null;
  decided_by: string | null;
  decided_role: StaffRole | null;
  reason: unknown;
  response: string | null;
};

const COLUMNS = `r.id, r.application_id, r.account_id::text as account_id, r.teacher_id, r.message,
  r.research_plan_document_id, r.research_plan_name, r.locale, r.status, r.requested_at, r.expires_at,
  r.closed_at, r.decided_by::text as decided_by, r.decided_role, r.reason, r.response`;

const iso = (at: Date | string) => new Date(at).toISOString();
const json = <T>(value: unknown): T | undefined =>
  value === null || value === undefined
    ? undefined
    : ((typeof value === 'string' ? JSON.parse(value) : value) as T);

interface Reason {
  id: number;
  ja: string;
  en: string;
}

/** openapi.yaml ConsentRequest. */
export function consentRequestOf(row: RequestRow) {
  const reason = json<Reason>(row.reason);
  return {
    id: row.id,
    teacherId: Number(row.teacher_id),
    status: row.status,
    message: row.message,
    ...(row.research_plan_document_id
      ? { researchPlan: { documentId: row.research_plan_document_id, fileName: row.research_plan_name } }
      : {}),
    requestedAt: iso(row.requested_at),
    expiresAt: iso(row.expires_at),
    ...(row.closed_at ? { closedAt: iso(row.closed_at) } : {}),
    ...(reason ? { reason: { ja: reason.ja, en: reason.en } } : {}),
    ...(row.response ? { response: row.response } : {}),
  };
}

/** The programme options that require consent (migration 15, `npm run consent`). */
export async function requiresConsent(db: Queryable, programId: number | undefined): Promise<boolean> {
  if (programId === undefined) return false;
  const rows = await db.query('select 1 from consent_requirements where program_id = $1', [programId]);
  return rows.length > 0;
}

/** Whether a request naming the teacher is accepted for the application. */
export async function consentGiven(db: Queryable, applicationId: string, teacherId: number | undefined) {
  if (teacherId === undefined) return false;
  const rows = await db.query(
    `select 1 from consent_requests where application_id = $1 and teacher_id = $2 and status = 'accepted'`,
    [applicationId, teacherId],
  );
  return rows.length > 0;
}

/**
 * The account's application (application/repository.ts findApplication: an id that is not an opaque id is
 * unknown before the database is asked), or 404 exactly as for an unknown id (docs/security.md#applications).
 */
async function ownedApplication(
  db: Queryable,
  accountId: string,
  applicationId: string,
  lock = false,
): Promise<ApplicationRow> {
  const application = await findApplication(db, accountId, applicationId, { lock });
  if (!application) {
    throw new HttpProblem(404, 'not-found', 'The application was not found.', {
      code: 'application_not_found',
    });
  }
  return application;
}

/** openapi.yaml ApplicationConsent of the account's application. */
export async function applicationConsent(s: Pick<Services, 'db'>, accountId: string, applicationId: string) {
  const application = await ownedApplication(s.db, accountId, applicationId);
  return consentOf(s.db, application);
}

async function consentOf(db: Queryable, application: ApplicationRow) {
  const rows = await db.query<RequestRow>(
    `select ${COLUMNS} from consent_requests r where r.application_id = $1 order by r.seq desc
      limit 100`,
    [application.id],
  );
  const teacherId = application.answers.choices.teacherId;
  return {
    required: await requiresConsent(db, application.programId ?? undefined),
    given: rows.some((row) => row.status === 'accepted' && Number(row.teacher_id) === teacherId),
    requests: rows.map(consentRequestOf),
  };
}

interface Teacher {
  id: number;
  name: string;
  nameEn: string;
}

async function teacherOf(db: Queryable, teacherId: number): Promise<Teacher | undefined> {
  const rows = await db.query<{ items: unknown }>(
    "select items from reference_lists where name = 'teachers'",
  );
  const teachers = json<Teacher[]>(rows[0]?.items) ?? [];
  return teachers.find((teacher) => teacher.id === teacherId);
}

export interface Asker {
  accountId: string;
  /** The language of the answer's mail: the site's language for the request that asks. */
  locale: Locale;
}

type Deps = Pick<Services, 'db' | 'clock' | 'mailer' | 'config'>;

/**
 * Asks the supervisor chosen in the draft. 409 (nothing changed) as openapi.yaml ConsentConflict says; the
 * supervisors of the teacher on the site are mailed in the same transaction.
 */
export async function requestConsent(s: Deps, who: Asker, applicationId: string, message: string) {
  try {
    return await s.db.transaction(async (tx) => {
      const application = await ownedApplication(tx, who.accountId, applicationId, true);
      if (application.status !== 'draft') throw consentProblems.conflict('not_editable');
      const teacherId = application.answers.choices.teacherId;
      if (teacherId === undefined) throw consentProblems.conflict('no_supervisor');
      const pending = await tx.query(
        `select 1 from consent_requests where application_id = $1 and status = 'requested'`,
        [application.id],
      );
      if (pending.length > 0) throw consentProblems.conflict('consent_pending');
      if (await consentGiven(tx, application.id, teacherId)) throw consentProblems.conflict('consent_given');
      const plans = await tx.query<{ id: string; display_name: string }>(
        `select d.id, d.display_name from application_documents d
           join reference_lists l on l.name = 'supplementalMaterialRequires'
           cross join lateral jsonb_array_elements(l.items) as item
          where d.application_id = $1 and d.slot_kind = 'material'
            and (item ->> 'id')::integer = d.slot_type_id
            and (item ->> 'supplementalMaterialTypeId')::integer = $2
          order by d.created_at desc, d.id limit 1`,
        [application.id, RESEARCH_PLAN_TYPE],
      );
      const plan = plans[0];
      if (!plan) throw consentProblems.conflict('no_research_plan');
      const supervisors = await tx.query<{ email: string }>(
        `select email from staff_accounts
          where role = 'supervisor' and teacher_id = $1 and removed_at is null and password_hash is not null`,
        [teacherId],
      );
      const teacher = await teacherOf(tx, teacherId);
      if (supervisors.length === 0 || !teacher) throw consentProblems.conflict('supervisor_unavailable');

      const now = s.clock.now();
      const expiresAt = new Date(now.getTime() + s.config.lifetimes.consentRequest);
      const id = randomBytes(16).toString('base64url');
      await tx.query(
        `insert into consent_requests (id, application_id, account_id, teacher_id, message,
           research_plan_document_id, research_plan_name, locale, status, requested_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'requested', $9, $10)`,
        [
          id,
          application.id,
          who.accountId,
          teacherId,
          message,
          plan.id,
          plan.display_name,
          who.locale,
          now,
          expiresAt,
        ],
      );
      // docs/behaviour.md#export-control-screening: screened now; a result that needs review holds the request
      // from its supervisors (not mailed, not listed) until the desk clears it (releaseHeldRequest).
      const screening = await screenApplication(tx, application, 'consent_request', now);
      if (screening.result === 'clear')
        await mailSupervisors(tx, s, application, teacher, supervisors, expiresAt);
      return {
        consent: await consentOf(tx, application),
        requestId: id,
        teacherId,
        held: screening.result === 'needs_review',
      };
    });
  } catch (error) {
    // Two asked at once: the index let one in (migration 15).
    if (isUniqueViolation(error)) throw consentProblems.conflict('consent_pending');
    throw error;
  }
}

async function mailSupervisors(
  tx: Queryable,
  s: Pick<Services, 'mailer' | 'config'>,
  application: ApplicationRow,
  teacher: Teacher,
  supervisors: readonly { email: string }[],
  expiresAt: Date,
) {
  const { familyName, givenNames } = application.answers.personal;
  const applicantName = [familyName, givenNames].filter(Boolean).join(' ');
  const link = `${s.config.publicUrl}${s.config.basePath}/desk/`;
  for (const supervisor of supervisors)
    await s.mailer.send(
      tx,
      consentRequestedMail({ to: supervisor.email, teacher, applicantName, expiresAt, link }),
    );
}

/**
 * The desk cleared the screening that held the application's waiting request (screening/screenings.ts): the
 * request reaches its supervisors now, mailed as when asked, its term counted from now (the time it waited for
 * the desk is not theirs to lose). Nothing when no request waits. In the caller's transaction.
 */
export async function releaseHeldRequest(
  tx: Queryable,
  s: Pick<Services, 'clock' | 'mailer' | 'config'>,
  application: ApplicationRow,
): Promise<{ consentRequestId: string; teacherId: number } | undefined> {
  const now = s.clock.now();
  const expiresAt = new Date(now.getTime() + s.config.lifetimes.consentRequest);
  const rows = await tx.query<{ id: string; teacher_id: number }>(
    `update consent_requests set expires_at = $2
      where application_id = $1 and status = 'requested' and expires_at > $3 returning id, teacher_id`,
    [application.id, expiresAt, now],
  );
  if (!rows[0]) return undefined;
  const teacherId = Number(rows[0].teacher_id);
  const supervisors = await tx.query<{ email: string }>(
    `select email from staff_accounts
      where role = 'supervisor' and teacher_id = $1 and removed_at is null and password_hash is not null`,
    [teacherId],
  );
  const teacher = await teacherOf(tx, teacherId);
  if (teacher) await mailSupervisors(tx, s, application, teacher, supervisors, expiresAt);
  return { consentRequestId: rows[0].id, teacherId };
}

/** Withdraws the application's waiting request; 409 `consent_not_pending` in any other state. */
export async function withdrawConsentRequest(
  s: Pick<Services, 'db' | 'clock'>,
  accountId: string,
  applicationId: string,
  requestId: string,
) {
  return s.db.transaction(async (tx) => {
    const application = await ownedApplication(tx, accountId, applicationId, true);
    if (!isOpaqueId(requestId)) throw consentProblems.notFound();
    const rows = await tx.query<{ status: ConsentStatus }>(
      'select status from consent_requests where id = $1 and application_id = $2',
      [requestId, application.id],
    );
    if (!rows[0]) throw consentProblems.notFound();
    const moved = await tx.query(
      `update consent_requests set status = 'withdrawn', closed_at = $2
        where id = $1 and status = 'requested' and expires_at > $2 returning 1`,
      [requestId, s.clock.now()],
    );
    if (moved.length === 0) throw consentProblems.conflict('consent_not_pending');
    return consentOf(tx, application);
  });
}

/**
 * The request condition of what the staff member may see: the desk every one, a supervisor theirs, except a
 * waiting one held by its application's screening (docs/behaviour.md#export-control-screening): it is not found,
 * as an unknown id is not, until the desk clears it.
 */
function reach(staff: SignedInStaff, params: unknown[]): string {
  if (staff.assignment.role === 'desk') return 'true';
  params.push(staff.assignment.teacherId ?? -1);
  return `r.teacher_id = $${params.length} and (r.status <> 'requested' or not ${heldByScreening('r.application_id')})`;
}

type StaffRow = RequestRow & {
  student_type: StudentType;
  program_id: number | null;
  answers: unknown;
  media_type: string | null;
  size: number | null;
};

const STAFF_SELECT = `select ${COLUMNS}, a.student_type, a.program_id, a.answers, d.media_type, d.size
  from consent_requests r join applications a on a.id = r.application_id
  left join application_documents d on d.id = r.research_plan_document_id`;

/** openapi.staff.yaml StaffConsentRequest. */
function staffRequestOf(row: StaffRow) {
  const { teacherId, status, message, requestedAt, expiresAt, closedAt, reason, response } =
    consentRequestOf(row);
  const personal =
    json<{ personal?: Record<string, unknown> }>(row.answers)?.personal ?? ({} as Record<string, unknown>);
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    id: row.id,
    applicationId: row.application_id,
    teacherId,
    status,
    studentType: row.student_type,
    ...(row.program_id === null ? {} : { programId: Number(row.program_id) }),
    applicant: {
      familyName: text(personal.familyName) ?? '',
      givenNames: text(personal.givenNames) ?? '',
      ...(text(personal.nameJa) ? { nameJa: text(personal.nameJa) } : {}),
      ...(typeof personal.nationalityId === 'number' ? { nationalityId: personal.nationalityId } : {}),
    },
    message,
    ...(row.research_plan_document_id && row.media_type
      ? {
          researchPlan: {
            fileName: row.research_plan_name,
            mediaType: row.media_type,
            size: Number(row.size),
          },
        }
      : {}),
    requestedAt,
    expiresAt,
    ...(closedAt ? { closedAt } : {}),
    ...(row.decided_by && row.decided_role
      ? { decidedBy: { staffId: row.decided_by, role: row.decided_role } }
      : {}),
    ...(reason ? { reason } : {}),
    ...(response ? { response } : {}),
  };
}
export type StaffConsentRequest = ReturnType<typeof staffRequestOf> & { screening?: StaffScreening };

export async function listConsentRequests(
  db: Queryable,
  staff: SignedInStaff,
  status: ConsentStatus | undefined,
): Promise<StaffConsentRequest[]> {
  const params: unknown[] = [];
  const where = [reach(staff, params)];
  if (status) {
    params.push(status);
    where.push(`r.status = $${params.length}`);
  }
  const rows = await db.query<StaffRow>(
    `${STAFF_SELECT} where ${where.join(' and ')} order by r.seq desc limit 200`,
    params,
  );
  return withScreening(db, staff, rows.map(staffRequestOf));
}

/** For the desk only: each request's application's latest screening (docs/behaviour.md#export-control-screening). */
async function withScreening(
  db: Queryable,
  staff: SignedInStaff,
  requests: StaffConsentRequest[],
): Promise<StaffConsentRequest[]> {
  if (staff.assignment.role !== 'desk') return requests;
  const latest = await latestScreenings(db, [...new Set(requests.map((request) => request.applicationId))]);
  return requests.map((request) => {
    const screening = latest.get(request.applicationId);
    return screening ? { ...request, screening } : request;
  });
}

/** The request in the staff member's reach, or 404 as for an unknown id. */
export async function findStaffRequest(
  db: Queryable,
  staff: SignedInStaff,
  requestId: string,
  lock = false,
): Promise<{ row: StaffRow; request: StaffConsentRequest }> {
  if (!isOpaqueId(requestId)) throw consentProblems.notFound();
  const params: unknown[] = [requestId];
  const rows = await db.query<StaffRow>(
    `${STAFF_SELECT} where r.id = $1 and ${reach(staff, params)}${lock ? ' for update of r' : ''}`,
    params,
  );
  if (!rows[0]) throw consentProblems.notFound();
  const [request] = await withScreening(db, staff, [staffRequestOf(rows[0])]);
  return { row: rows[0], request: request! };
}

/** The research plan's document row id and file of a request in reach (404 once removed). */
export async function researchPlanOf(db: Queryable, staff: SignedInStaff, requestId: string) {
  const { row } = await findStaffRequest(db, staff, requestId);
  if (!row.research_plan_document_id)
    throw new HttpProblem(404, 'not-found', 'The document was not found.', { code: 'document_not_found' });
  return { applicationId: row.application_id, documentId: row.research_plan_document_id };
}

export interface ConsentDecision {
  outcome: 'accepted' | 'declined';
  reasonId?: number;
  message?: string;
}

/**
 * The supervisor's answer: only from `requested` and before it expires (409 `consent_not_pending`); the
 * applicant is mailed in the language they asked in.
 */
export async function decideConsentRequest(
  s: Pick<Services, 'db' | 'clock' | 'mailer'>,
  staff: SignedInStaff,
  requestId: string,
  decision: ConsentDecision,
): Promise<StaffConsentRequest> {
  if (decision.outcome === 'declined' && decision.reasonId === undefined)
    throw problems.validation([{ field: 'reasonId', code: 'required' }]);
  if (decision.outcome === 'accepted' && decision.reasonId !== undefined)
    throw problems.validation([{ field: 'reasonId', code: 'not_allowed' }]);
  const reasons = await s.db.query<{ items: unknown }>(
    "select items from reference_lists where name = 'acceptorRejectReasons'",
  );
  const reasonItem =
    decision.reasonId === undefined
      ? undefined
      : json<{ id: number; name: string; nameJa: string }[]>(reasons[0]?.items)?.find(
          (item) => item.id === decision.reasonId,
        );
  if (decision.reasonId !== undefined && !reasonItem)
    throw problems.validation([{ field: 'reasonId', code: 'unknown_reason' }]);
  const reason = reasonItem && { id: reasonItem.id, ja: reasonItem.nameJa, en: reasonItem.name };

  return s.db.transaction(async (tx) => {
    const { row } = await findStaffRequest(tx, staff, requestId, true);
    const now = s.clock.now();
    const moved = await tx.query(
      `update consent_requests set status = $2, closed_at = $3, decided_by = $4, decided_role = $5,
          reason = $6, response = $7
        where id = $1 and status = 'requested' and expires_at > $3 returning 1`,
      [
        row.id,
        decision.outcome,
        now,
        staff.account.id,
        staff.assignment.role,
        reason ? JSON.stringify(reason) : null,
        decision.message ?? null,
      ],
    );
    if (moved.length === 0) throw consentProblems.conflict('consent_not_pending');
    await mailApplicant(tx, s, row, decision.outcome, reason, decision.message);
    return (await findStaffRequest(tx, staff, requestId)).request;
  });
}

async function mailApplicant(
  tx: Queryable,
  s: Pick<Services, 'mailer'>,
  row: Pick<RequestRow, 'account_id' | 'teacher_id' | 'locale'>,
  outcome: 'accepted' | 'declined' | 'expired',
  reason?: Reason,
  response?: string,
): Promise<void> {
  const accounts = await tx.query<{ email: string }>('select email from accounts where id = $1', [
    row.account_id,
  ]);
  if (!accounts[0]) return;
  const teacher = await teacherOf(tx, Number(row.teacher_id));
  const teacherName = teacher ? (row.locale === 'ja' ? teacher.name : teacher.nameEn) : '';
  await s.mailer.send(
    tx,
    consentAnsweredMail({
      to: accounts[0].email,
      locale: row.locale,
      teacherName,
      outcome,
      ...(reason ? { reason } : {}),
      ...(response ? { response } : {}),
    }),
  );
}

/**
 * Housekeeping (main.ts, hourly): every request still `requested` past its `expiresAt` becomes `expired` and
 * its applicant is mailed, in one transaction. `for update skip locked` lets several instances run it at once:
 * each request is expired, and mailed, by one of them only; a second run finds nothing left.
 */
export async function expireConsentRequests(s: Pick<Services, 'db' | 'clock' | 'mailer'>): Promise<number> {
  return s.db.transaction(async (tx) => {
    const now = s.clock.now();
    const rows = await tx.query<RequestRow>(
      `update consent_requests set status = 'expired', closed_at = $1
        where id in (select id from consent_requests where status = 'requested' and expires_at <= $1
                       order by expires_at limit 500 for update skip locked)
          and status = 'requested'
        returning id, account_id::text as account_id, teacher_id, locale`,
      [now],
    );
    for (const row of rows) await mailApplicant(tx, s, row, 'expired');
    return rows.length;
  });
}

/** openapi.staff.yaml StaffConsentStep. */
export interface ConsentStep {
  step: 'asked' | 'accepted' | 'declined' | 'withdrawn' | 'expired';
  at: string;
  teacherId: number;
  actor?: { staffId: string; role: StaffRole };
  reason?: { ja: string; en: string };
  response?: string;
}

/**
 * The application's consent steps, oldest first, for the staff's history (desk/applications.ts): read from the
 * requests themselves, which keep when each was asked and when, by whom and how it was closed (migration 15),
 * so the history has no second copy to keep in step. A request gives its `asked` step and, once closed, the
 * step that closed it; one still waiting gives only the first. A supervisor chosen after another declined does
 * not read the other's answer, as they cannot read the other's request.
 */
export async function consentStepsOf(
  db: Queryable,
  applicationId: string,
  /** A supervisor reads only the requests naming them (docs/security.md#staff); others, every request. */
  teacherId?: number,
): Promise<ConsentStep[]> {
  const rows = await db.query<RequestRow>(
    `select ${COLUMNS} from consent_requests r
      where r.application_id = $1 ${teacherId === undefined ? '' : 'and r.teacher_id = $2'} order by r.seq`,
    teacherId === undefined ? [applicationId] : [applicationId, teacherId],
  );
  const steps: ConsentStep[] = [];
  for (const row of rows) {
    const teacherId = Number(row.teacher_id);
    steps.push({ step: 'asked', at: iso(row.requested_at), teacherId });
    if (row.status === 'requested' || row.closed_at === null) continue;
    const step: ConsentStep = { step: closingSteps[row.status], at: iso(row.closed_at), teacherId };
    if (row.decided_by !== null && row.decided_role !== null)
      step.actor = { staffId: row.decided_by, role: row.decided_role };
    const reason = json<Reason>(row.reason);
    if (reason) step.reason = { ja: reason.ja, en: reason.en };
    if (row.response) step.response = row.response;
    steps.push(step);
  }
  return steps.sort((a, b) => a.at.localeCompare(b.at));
}

const closingSteps: Record<Exclude<ConsentStatus, 'requested'>, ConsentStep['step']> = {
  accepted: 'accepted',
  declined: 'declined',
  withdrawn: 'withdrawn',
  expired: 'expired',
};
