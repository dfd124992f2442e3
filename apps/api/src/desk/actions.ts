// The desk's actions on an application (openapi.staff.yaml returnApplicationForChanges,
// recordApplicationDecision, addApplicationNote; docs/behaviour.md#the-desk). Each runs in one transaction on
// the row locked within the staff member's reach, moves the application only along the state machine's table
// (../application/stateMachine.ts, the desk's transitions), writes its history entry with the staff member and
// their role, and queues the applicant's mail in the same transaction: nothing is half done. An application
// with the applicant (submitted or resubmitted) is first opened for review, an entry of its own.
import type { Locale } from '@pre-admission/i18n/choice';
import { changeStatus, documentsOf, type ApplicationRow } from '../application/repository.ts';
import { transition, type ApplicationSection } from '../application/stateMachine.ts';
import { HttpProblem, problems } from '../platform/problem.ts';
import type { Queryable } from '../platform/db.ts';
import type { Services } from '../services.ts';
import type { SignedInStaff } from '../staff/access.ts';
import {
  findReachable,
  noteOf,
  staffApplicationOf,
  type StaffApplication,
  type StaffNote,
} from './applications.ts';
import { decidedMail, returnedMail } from './mails.ts';
import type { DeskLists } from './reach.ts';
import { releaseHeldRequest } from '../consent/requests.ts';
import {
  checkDecisionAllowed,
  recordOutcome,
  screenedApplication,
  screeningsOf,
  type OutcomeRequest,
  type StaffScreening,
} from '../screening/screenings.ts';

export type DeskConflict = 'not_reviewable' | 'already_decided';

export const deskProblems = {
  /** Out of reach, a draft or unknown: one answer (docs/security.md#staff). */
  notFound: () =>
    new HttpProblem(404, 'not-found', 'The application was not found.', { code: 'application_not_found' }),
  documentNotFound: () =>
    new HttpProblem(404, 'not-found', 'The document was not found.', { code: 'document_not_found' }),
  conflict: (code: DeskConflict) =>
    new HttpProblem(409, 'application-conflict', 'The application cannot be changed in its present state.', {
      code,
    }),
};

type Deps = Pick<Services, 'db' | 'clock' | 'mailer'>;

async function reachable(tx: Queryable, staff: SignedInStaff, lists: DeskLists, id: string) {
  const row = await findReachable(tx, staff, lists, id, { lock: true });
  if (!row) throw deskProblems.notFound();
  return row;
}

const by = (staff: SignedInStaff) => ({ staffId: staff.account.id, role: staff.assignment.role });

/**
 * Brings the application to `underReview` for a return or a decision: opens it (its own history entry) when
 * it is with the desk unopened; a decided one is final, and one returned for changes or withdrawn is with the
 * applicant or closed: 409 each.
 */
async function underReview(
  tx: Queryable,
  staff: SignedInStaff,
  row: ApplicationRow,
  at: Date,
): Promise<boolean> {
  if (row.status === 'decided') throw deskProblems.conflict('already_decided');
  if (row.status === 'underReview') return false;
  if (!transition(row.status, 'open', 'desk')) throw deskProblems.conflict('not_reviewable');
  const moved = await changeStatus(tx, row, row.status, { status: 'underReview', at, by: by(staff) });
  if (!moved) throw new Error(`application ${row.id} changed under its lock`);
  return true;
}

/** The applicant's address and the language their mails are written in. */
async function recipientOf(tx: Queryable, row: ApplicationRow): Promise<{ to: string; locale: Locale }> {
  const rows = await tx.query<{ email: string; locale: string | null }>(
    `select accounts.email, applications.locale from applications
       join accounts on accounts.id = applications.account_id where applications.id = $1`,
    [row.id],
  );
  return { to: rows[0]!.email, locale: rows[0]!.locale === 'en' ? 'en' : 'ja' };
}

export interface ReturnRequest {
  sections: ApplicationSection[];
  documentIds: string[];
  dueAt: string;
  message: string;
}

export interface ActionOutcome {
  application: StaffApplication;
  /** Whether the action opened the application for review first. */
  opened: boolean;
}

export async function returnForChanges(
  s: Deps,
  staff: SignedInStaff,
  lists: DeskLists,
  id: string,
  request: ReturnRequest,
): Promise<ActionOutcome> {
  return s.db.transaction(async (tx) => {
    const row = await reachable(tx, staff, lists, id);
    const now = s.clock.now();
    const documents = await documentsOf(tx, row.id);
    const errors: { field: string; code: string }[] = [];
    if (request.sections.length === 0 && request.documentIds.length === 0)
      errors.push({ field: 'sections', code: 'required' });
    request.documentIds.forEach((documentId, index) => {
      if (!documents.some((document) => document.id === documentId))
        errors.push({ field: `documentIds.${index}`, code: 'unknown_document' });
    });
    const dueAt = new Date(request.dueAt);
    if (!(dueAt.getTime() > now.getTime())) errors.push({ field: 'dueAt', code: 'past' });
    if (errors.length > 0) throw problems.validation(errors);

    const opened = await underReview(tx, staff, row, now);
    const reopened = {
      sections: request.sections,
      documentIds: request.documentIds,
      dueAt: dueAt.toISOString(),
      message: request.message,
    };
    const moved = await changeStatus(tx, row, 'underReview', {
      status: 'returned',
      at: now,
      reopened,
      by: by(staff),
    });
    if (!moved) throw new Error(`application ${row.id} changed under its lock`);
    await s.mailer.send(
      tx,
      returnedMail({
        ...(await recipientOf(tx, row)),
        reference: row.reference!,
        sections: request.sections,
        fileNames: documents.filter((d) => request.documentIds.includes(d.id)).map((d) => d.fileName),
        dueAt,
        message: request.message,
      }),
    );
    return {
      application: await staffApplicationOf(tx, lists, (await findReachable(tx, staff, lists, id))!, staff),
      opened,
    };
  });
}

export interface DecisionRequest {
  outcome: 'accepted' | 'notAccepted';
  reasonId?: number;
  message?: string;
}

export async function recordDecision(
  s: Deps,
  staff: SignedInStaff,
  lists: DeskLists,
  id: string,
  request: DecisionRequest,
): Promise<ActionOutcome> {
  const reason =
    request.reasonId === undefined
      ? undefined
      : lists.acceptorRejectReasons.find((item) => item.id === request.reasonId);
  // The reason is data (the acceptor reject reasons), stored in both languages so that either reads it.
  if (request.outcome === 'notAccepted' && request.reasonId === undefined)
    throw problems.validation([{ field: 'reasonId', code: 'required' }]);
  if (request.outcome === 'accepted' && request.reasonId !== undefined)
    throw problems.validation([{ field: 'reasonId', code: 'not_allowed' }]);
  if (request.reasonId !== undefined && !reason)
    throw problems.validation([{ field: 'reasonId', code: 'unknown_reason' }]);

  return s.db.transaction(async (tx) => {
    const row = await reachable(tx, staff, lists, id);
    const now = s.clock.now();
    const opened = await underReview(tx, staff, row, now);
    // docs/behaviour.md#export-control-screening: "accepted" waits for the desk's clearing outcome (the
    // transaction's rollback undoes the opening).
    if (request.outcome === 'accepted') await checkDecisionAllowed(tx, row.id);
    const decision = {
      outcome: request.outcome,
      ...(reason ? { reason: { ja: reason.nameJa, en: reason.name } } : {}),
      ...(request.message ? { message: request.message } : {}),
    };
    const moved = await changeStatus(tx, row, 'underReview', {
      status: 'decided',
      at: now,
      decision,
      reopened: null,
      by: by(staff),
    });
    if (!moved) throw new Error(`application ${row.id} changed under its lock`);
    await s.mailer.send(
      tx,
      decidedMail({
        ...(await recipientOf(tx, row)),
        reference: row.reference!,
        outcome: request.outcome,
        reason: reason && { name: reason.name, nameJa: reason.nameJa },
        message: request.message,
      }),
    );
    return {
      application: await staffApplicationOf(tx, lists, (await findReachable(tx, staff, lists, id))!, staff),
      opened,
    };
  });
}

export interface ScreeningOutcomeResult {
  screening: StaffScreening;
  /** Whether a consent request held by the screening reached its supervisors (and was mailed to them). */
  released: { consentRequestId: string; teacherId: number } | undefined;
}

/**
 * The desk's outcome of the application's latest screening (screening/screenings.ts recordOutcome), on the row
 * held for the transaction; a clearing one releases a consent request the screening held.
 */
export async function recordScreeningOutcome(
  s: Pick<Services, 'db' | 'clock' | 'mailer' | 'config'>,
  staff: SignedInStaff,
  id: string,
  request: OutcomeRequest,
): Promise<ScreeningOutcomeResult> {
  return s.db.transaction(async (tx) => {
    const row = await screenedApplication(tx, id);
    if (!row) throw deskProblems.notFound();
    const now = s.clock.now();
    await recordOutcome(tx, row.id, staff.account.id, request, now);
    const released = request.outcome === 'not_cleared' ? undefined : await releaseHeldRequest(tx, s, row);
    const screening = (await screeningsOf(tx, row.id)).at(-1)!;
    return { screening, released };
  });
}

/** An internal note: for the staff of the application's reach only; no applicant query reads the table. */
export async function addNote(
  s: Pick<Services, 'db' | 'clock'>,
  staff: SignedInStaff,
  lists: DeskLists,
  id: string,
  text: string,
): Promise<StaffNote> {
  return s.db.transaction(async (tx) => {
    const row = await reachable(tx, staff, lists, id);
    const rows = await tx.query(
      `insert into application_notes (application_id, staff_id, staff_role, text, at)
       values ($1, $2, $3, $4, $5) returning at, text, staff_id::text as staff_id, staff_role`,
      [row.id, staff.account.id, staff.assignment.role, text, s.clock.now()],
    );
    return noteOf(rows[0]!);
  });
}
