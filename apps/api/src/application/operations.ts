// What each application operation does (docs/behaviour.md#applications), for the account the route found from
// the session: the routes (../routes/applications.ts) only find the account, take the rate limit's slot, call
// these and write the audit line. Each change checks the state machine (stateMachine.ts) and the rules
// (rulesPending.ts until @pre-admission/rules has them); a change that races another is decided by the
// database (a row lock, a conditional update, the unique indexes of migration 10), never by a read before it.
import { randomBytes } from 'node:crypto';
import type { Locale } from '@pre-admission/i18n/choice';
import {
  answerProblems,
  applicationSections,
  choicesFromPlan,
  documentSlots,
  newReference,
  openPeriodFor,
  referenceRandomBytes,
  slotField,
  submissionProblems,
} from '@pre-admission/rules';
import { consentGiven, requiresConsent } from '../consent/requests.ts';
import { isUniqueViolation, type Queryable } from '../platform/db.ts';
import { screenApplication } from '../screening/screenings.ts';
import type { Services } from '../services.ts';
import { applicationLists, type Lists, type ReceiptLists } from './lists.ts';
import type { PeriodsLog } from './periods.ts';
import { applicationProblems } from './problems.ts';
import { receiptMail, type Named } from './receipt.ts';
import {
  applicationOf,
  changeStatus,
  deleteDraft,
  documentsOf,
  draftOf,
  emptyAnswers,
  findApplication,
  hasOpenApplication,
  insertDraft,
  mergeAnswers,
  newApplicationId,
  type Application,
  type ApplicationAnswers,
  type ApplicationAnswersPatch,
  type ApplicationDocument,
  type ApplicationRow,
  type Decision,
  type Plan,
  type Reopened,
  type StudentType,
} from './repository.ts';
import {
  sectionChange,
  submission,
  transition,
  withdrawal,
  type Action,
  type ApplicationSection,
} from './stateMachine.ts';
import { problems } from '../platform/problem.ts';

/** Whether a database error is the refusal of this unique index (either engine names it). */
const violates = (error: unknown, index: string): boolean =>
  isUniqueViolation(error) &&
  ((error as { constraint?: unknown }).constraint === index ||
    String((error as Error).message).includes(index));

/** The account's application, or 404 exactly as for an unknown id. */
async function owned(db: Queryable, accountId: string, id: string, lock = false): Promise<ApplicationRow> {
  const row = await findApplication(db, accountId, id, { lock });
  if (!row) throw applicationProblems.notFound();
  return row;
}

export async function getApplication(
  s: Pick<Services, 'db'>,
  accountId: string,
  id: string,
): Promise<Application> {
  return applicationOf(s.db, await owned(s.db, accountId, id));
}

/**
 * A new draft of the kind, its first answers the plan's choices when the plan is of that kind. One draft per
 * kind: 409 `draft_exists` naming it, also when a parallel start made it first (applications_one_draft).
 */
export async function startApplication(
  s: Pick<Services, 'db' | 'clock'>,
  accountId: string,
  studentType: StudentType,
): Promise<Application> {
  const existing = await draftOf(s.db, accountId, studentType);
  if (existing) throw applicationProblems.conflict('draft_exists', existing);
  const planRows = await s.db.query<{ plan: unknown }>('select plan from plans where account_id = $1', [
    accountId,
  ]);
  const stored = planRows[0]?.plan;
  const plan: Plan | undefined =
    typeof stored === 'string' ? JSON.parse(stored) : (stored as Plan | undefined);
  const answers = emptyAnswers();
  if (plan) answers.choices = choicesFromPlan(await applicationLists(s.db), plan, studentType);
  const id = newApplicationId();
  try {
    await insertDraft(s.db, { id, accountId, studentType, answers, at: s.clock.now() });
  } catch (error) {
    if (!violates(error, 'applications_one_draft')) throw error;
    const made = await draftOf(s.db, accountId, studentType);
    throw applicationProblems.conflict('draft_exists', made);
  }
  return getApplication(s, accountId, id);
}

/**
 * Replaces the sections present in the patch, each whole. Every section must be changeable now (a draft's; a
 * returned application's reopened ones before their due date), else 409 and nothing is saved; what is present
 * must keep the rules, else 400 with each field's path.
 */
export async function saveApplicationAnswers(
  s: Pick<Services, 'db' | 'clock'>,
  accountId: string,
  id: string,
  patch: ApplicationAnswersPatch,
): Promise<{ application: Application; sections: ApplicationSection[] }> {
  const row = await owned(s.db, accountId, id);
  const now = s.clock.now();
  const sections = applicationSections.filter((section) => section in patch);
  const refusals = sections.map((section) => sectionChange(row.status, row.reopened, section, now));
  if (refusals.includes('not_editable')) throw applicationProblems.conflict('not_editable');
  if (refusals.includes('past_due')) throw applicationProblems.conflict('past_due');
  // Only the sections sent are checked: a rule broken since in another section (a supervisor hidden since, say)
  // does not stop this one being saved; the submission checks everything.
  const refused = answerProblems(
    await applicationLists(s.db),
    { studentType: row.studentType, answers: { ...emptyAnswers(), ...patch } },
    now,
  );
  if (refused.length > 0) throw problems.validation(refused.map(({ field, code }) => ({ field, code })));
  // A submission or a desk's change came first: the status this save was checked against is gone.
  if (!(await mergeAnswers(s.db, row, patch, now))) throw applicationProblems.conflict('not_editable');
  return { application: await getApplication(s, accountId, id), sections };
}

/** Deletes a draft and its documents; anything else is 409 `not_editable` (it can be withdrawn instead). */
export async function discardApplication(
  s: Pick<Services, 'db'>,
  accountId: string,
  id: string,
): Promise<void> {
  const row = await owned(s.db, accountId, id);
  if (row.status !== 'draft' || !(await deleteDraft(s.db, accountId, id)))
    throw applicationProblems.conflict('not_editable');
}

export interface Submitter {
  accountId: string;
  email: string;
  /** The language of the receipt: the site's language for the request that submits. */
  locale: Locale;
  log: PeriodsLog;
}

export type SubmissionOutcome = 'submitted' | 'resubmitted' | 'already';

/** A reference number no application holds yet (35 random bits: a repeat is rare; the unique index decides). */
async function freshReference(tx: Queryable, studentType: StudentType, entryYear: number): Promise<string> {
  for (;;) {
    const reference = newReference(studentType, entryYear, randomBytes(referenceRandomBytes));
    const taken = await tx.query('select 1 from applications where reference = $1', [reference]);
    if (taken.length === 0) return reference;
  }
}

/**
 * Submits a draft or resubmits an application returned for changes (docs/behaviour.md#applications). In one
 * transaction that holds the application's row, so parallel submissions of one application wait for each
 * other: the first submits and queues the receipt; the others find it submitted and answer it as it is,
 * sending nothing. A draft needs a period of its programme open on the server's clock and no other open
 * application of its kind in that period (the unique index applications_one_open decides a race); every
 * section is checked again.
 */
export async function submitApplication(
  s: Pick<Services, 'db' | 'clock' | 'periods' | 'mailer'>,
  who: Submitter,
  id: string,
): Promise<{ application: Application; outcome: SubmissionOutcome }> {
  try {
    return await s.db.transaction(async (tx) => {
      const row = await owned(tx, who.accountId, id, true);
      const now = s.clock.now();
      const step = submission(row.status);
      if (step === 'already')
        return { application: await applicationOf(tx, row), outcome: 'already' as const };
      if (step === 'refused') throw applicationProblems.conflict('not_editable');
      if (step === 'resubmit' && row.reopened && now.getTime() >= Date.parse(row.reopened.dueAt))
        throw applicationProblems.conflict('past_due');

      const lists = await applicationLists(tx);
      const documents = await documentsOf(tx, row.id);
      let periodId = row.periodId ?? undefined;
      let entryYear: number | undefined;
      const programId = row.answers.choices.programId;
      if (step === 'submit' && programId !== undefined) {
        const periods = s.periods.of(programId, who.log);
        if (periods.length === 0) throw applicationProblems.conflict('no_period');
        const open = openPeriodFor(periods, programId, now);
        if (!open) throw applicationProblems.conflict('period_closed');
        if (await hasOpenApplication(tx, row, open.id)) throw applicationProblems.conflict('already_open');
        periodId = open.id;
        entryYear = open.entryYear;
        // docs/behaviour.md#supervisor-consent: consent given to the supervisor chosen now, not an earlier one.
        if (
          (await requiresConsent(tx, programId)) &&
          !(await consentGiven(tx, row.id, row.answers.choices.teacherId))
        )
          throw applicationProblems.conflict('consent_required');
      }
      const refused = submissionProblems(
        lists,
        { studentType: row.studentType, answers: row.answers, documents },
        now,
      );
      if (refused.length > 0) throw problems.validation(refused.map(({ field, code }) => ({ field, code })));

      const to = step === 'submit' ? 'submitted' : 'resubmitted';
      const reference =
        step === 'submit' ? await freshReference(tx, row.studentType, entryYear!) : row.reference!;
      const moved = await changeStatus(tx, row, row.status, {
        status: to,
        at: now,
        // A resubmission closes what the return reopened (the return's history entry keeps it).
        ...(step === 'submit' ? { periodId, reference, submittedAt: now } : { reopened: null }),
      });
      // The row is held since the first read: nothing else can have moved it.
      if (!moved) throw new Error(`application ${row.id} changed under its lock`);
      // docs/behaviour.md#export-control-screening: each submission and resubmission is screened with it.
      await screenApplication(tx, row, 'submission', now);
      // The language the desk's mails about it are written in (../desk/mails.ts): the one it was sent in.
      await tx.query('update applications set locale = $2 where id = $1', [row.id, who.locale]);
      await s.mailer.send(
        tx,
        receiptMail({
          to: who.email,
          locale: who.locale,
          reference,
          studentType: row.studentType,
          programme: programmeOf(lists, programId),
          submittedAt: now,
          resubmitted: step === 'resubmit',
          sections: [...applicationSections],
          documents: documentsBySlot(lists, row.studentType, row.answers, documents),
        }),
      );
      const application = await applicationOf(tx, (await findApplication(tx, who.accountId, id))!);
      return { application, outcome: to };
    });
  } catch (error) {
    if (violates(error, 'applications_one_open')) throw applicationProblems.conflict('already_open');
    throw error;
  }
}

/**
 * Withdraws an application with the desk, with the applicant's reason; a withdrawn one answers as it is. A
 * draft is discarded instead, and a decided one is final: 409 `not_withdrawable`.
 */
export async function withdrawApplication(
  s: Pick<Services, 'db' | 'clock'>,
  accountId: string,
  id: string,
  reason: string,
): Promise<{ application: Application; withdrawn: boolean }> {
  return s.db.transaction(async (tx) => {
    const row = await owned(tx, accountId, id, true);
    const step = withdrawal(row.status);
    if (step === 'refused') throw applicationProblems.conflict('not_withdrawable');
    if (step === 'withdraw')
      await changeStatus(tx, row, row.status, {
        status: 'withdrawn',
        at: s.clock.now(),
        reason,
        reopened: null,
      });
    const application = await applicationOf(tx, (await findApplication(tx, accountId, id))!);
    return { application, withdrawn: step === 'withdraw' };
  });
}

/**
 * A change the desk makes (open, return for changes, decide), along the state machine's table only. The desk's
 * own screens are not built yet: the provider states (providerStates/applicationStates.ts) and the tests use
 * this, so that what they set up is only ever a state the site can reach.
 */
export async function deskChange(
  s: Pick<Services, 'db' | 'clock'>,
  id: string,
  action: Extract<Action, 'open' | 'return' | 'decide'>,
  details: { reopened?: Reopened; decision?: Decision } = {},
): Promise<void> {
  await s.db.transaction(async (tx) => {
    const rows = await tx.query<{ account_id: string }>(
      'select account_id::text as account_id from applications where id = $1 for update',
      [id],
    );
    const row = rows[0] && (await findApplication(tx, rows[0].account_id, id));
    if (!row) throw new Error(`no application ${id}`);
    const move = transition(row.status, action, 'desk');
    if (!move) throw new Error(`the desk cannot ${action} an application that is ${row.status}`);
    await changeStatus(tx, row, row.status, {
      status: move.to,
      at: s.clock.now(),
      // A return reopens what it names; any other change closes what was reopened.
      reopened: action === 'return' ? (details.reopened ?? null) : null,
      ...(action === 'decide' ? { decision: details.decision ?? null } : {}),
    });
  });
}

function programmeOf(lists: Lists, programId: number | undefined): Named | undefined {
  if (programId === undefined) return undefined;
  return lists.programs.flatMap((group) => group.options).find((option) => option.id === programId);
}

const otherDocuments: Named = { nameJa: 'その他の書類', name: 'Other documents' };

/** The receipt's documents: each slot of the application with the files sent in it, in the slots' order. */
function documentsBySlot(
  lists: Lists,
  studentType: StudentType,
  answers: ApplicationAnswers,
  documents: readonly ApplicationDocument[],
): { slot: Named; fileNames: string[] }[] {
  const certificates: ReceiptLists['applicationCertificateTypes'] = lists.applicationCertificateTypes;
  const slotName = (slot: { slotKind: string; slotTypeId: number }): Named => {
    if (slot.slotKind === 'certificate')
      return certificates.find((type) => type.id === slot.slotTypeId) ?? otherDocuments;
    const requirement = lists.supplementalMaterialRequires.find((r) => r.id === slot.slotTypeId);
    const type = lists.supplementalMaterialTypes.find(
      (t) => t.id === requirement?.supplementalMaterialTypeId,
    );
    return type ?? otherDocuments;
  };
  const slots = documentSlots(lists, studentType, answers.choices) ?? [];
  const filesIn = (field: string) => documents.filter((d) => slotField(d) === field).map((d) => d.fileName);
  const listed = slots
    .map((slot) => ({ slot: slotName(slot), fileNames: filesIn(slotField(slot)) }))
    .filter(({ fileNames }) => fileNames.length > 0);
  // A file in a slot the application no longer asks for is refused at submission (not_offered): none is left.
  return listed;
}
