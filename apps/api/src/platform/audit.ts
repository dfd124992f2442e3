// The audit log of account and application events: one structured line per event on the request's logger (so it carries
// the request id as `reqId`), marked `audit: true`, with the account id and the client address. Never a
// password, token, cookie or session id: only the fields below are written. docs/security.md#audit-log
import type { FastifyRequest } from 'fastify';
import type { MailKind } from '../mail/templates.ts';

export type AuditEvent =
  | 'sign-in.succeeded'
  | 'sign-in.failed'
  | 'sign-in.limited'
  | 'sign-out'
  | 'registration.requested'
  | 'registration.renewed'
  | 'registration.finished'
  | 'password-reset.requested'
  | 'password-reset.renewed'
  | 'password-reset.finished'
  | 'email-change.requested'
  | 'email-change.activated'
  | 'password.changed'
  | 'notice.queued'
  | 'sessions.revoked'
  | 'passkey.added'
  | 'passkey.removed'
  | 'passkey.renamed'
  | 'sign-in.passkey'
  | 'session.confirmed'
  | 'sign-in.second-step-started'
  | 'sign-in.second-step'
  | 'recovery-code.used'
  | 'authenticator-app.on'
  | 'authenticator-app.off'
  | 'recovery-codes.renewed'
  | 'application.started'
  | 'application.saved'
  | 'application.discarded'
  | 'application.submitted'
  | 'application.resubmitted'
  | 'application.withdrawn'
  // The applicant's own copy of everything held about the account (routes/accountArchive.ts).
  | 'account.archive.downloaded'
  // The applicant's own deletion (routes/accountDeletion.ts): the account's id, no address.
  | 'account.deleted'
  // Staff only (written as `staff.<event>`): docs/security.md#staff.
  | 'invitation.read'
  | 'invitation.accepted'
  | 'role.refused'
  | 'second-factor.required'
  // The desk's work on applications (apps/api/src/desk/): every read of an application or a file, and each action.
  | 'applications.listed'
  | 'applications.exported'
  | 'application.read'
  | 'document.read'
  | 'application.opened'
  | 'application.returned'
  | 'application.decided'
  | 'application.note-added'
  // The supervisor's consent (apps/api/src/consent/): the applicant's request and withdrawal, the staff's reads and
  // decisions (docs/behaviour.md#supervisor-consent).
  | 'consent.requested'
  | 'consent.withdrawn'
  | 'consent.listed'
  | 'consent.read'
  | 'consent.accepted'
  | 'consent.declined'
  // Export-control screening (apps/api/src/screening/): the desk's outcome, and a held consent request released.
  | 'screening.outcome-recorded'
  | 'consent.released'
  // A staff member's own mail settings (the daily summary, apps/api/src/desk/dailySummary.ts).
  | 'preferences.changed';

export interface AuditFields {
  /** The account concerned, when one is known (a staff event writes it as `staffId`). */
  accountId?: string | undefined;
  /** Why a failure failed: 'unknown-account', 'wrong-password', 'credentials-changed'. */
  reason?: string;
  /** How many sessions an event ended. */
  sessions?: number;
  /** The kind of mail a `notice.queued` put in the outbox (the outbox row's `kind`). */
  mail?: MailKind;
  /** How an event that can go either way went (`sign-in.passkey`, `session.confirmed`, …). */
  outcome?: 'succeeded' | 'failed';
  /** What proved it was the applicant: 'password', 'passkey', … (`session.confirmed`). */
  method?: string;
  /** The passkey concerned (its row id, `Passkey.id`; never the credential or its key). */
  passkeyId?: string;
  /** The application concerned (`Application.id`). */
  applicationId?: string;
  /** The document concerned (`ApplicationDocument.id`): a staff member's `document.read`. */
  documentId?: string;
  /** The application's sections a save replaced (`application.saved`), in the task list's order. */
  sections?: string[];
  /** The consent request concerned (`ConsentRequest.id`). */
  consentRequestId?: string;
  /** The teacher a consent request names (teachers list `id`). */
  teacherId?: number;
  /** The reference number a submission gave (`application.submitted`, `application.resubmitted`). */
  reference?: string;
  /** The desk's outcome of a screening (`screening.outcome-recorded`). */
  screeningOutcome?: 'cleared' | 'cleared_with_conditions' | 'not_cleared';
  /** Whether the staff member now gets the daily summary (`preferences.changed`). */
  dailySummary?: boolean;
}

/**
 * Writes the event's line. A staff account's events (docs/security.md#staff) are named `staff.<event>` and
 * carry `staffId` instead of `accountId`: the two realms' ids are of different tables, and a reader of the
 * log must never take one for the other.
 */
export function audit(
  request: FastifyRequest,
  event: AuditEvent,
  fields: AuditFields = {},
  realm: 'applicant' | 'staff' = 'applicant',
): void {
  const staff = realm === 'staff';
  request.log.info(
    {
      audit: true,
      event: staff ? `staff.${event}` : event,
      ...(staff ? { staffId: fields.accountId ?? null } : { accountId: fields.accountId ?? null }),
      clientAddress: request.ip,
      requestId: String(request.id),
      ...(fields.reason ? { reason: fields.reason } : {}),
      ...(fields.sessions !== undefined ? { sessions: fields.sessions } : {}),
      ...(fields.mail ? { mail: fields.mail } : {}),
      ...(fields.outcome ? { outcome: fields.outcome } : {}),
      ...(fields.method ? { method: fields.method } : {}),
      ...(fields.passkeyId ? { passkeyId: fields.passkeyId } : {}),
      ...(fields.applicationId ? { applicationId: fields.applicationId } : {}),
      ...(fields.documentId ? { documentId: fields.documentId } : {}),
      ...(fields.consentRequestId ? { consentRequestId: fields.consentRequestId } : {}),
      ...(fields.teacherId !== undefined ? { teacherId: fields.teacherId } : {}),
      ...(fields.sections ? { sections: fields.sections } : {}),
      ...(fields.reference ? { reference: fields.reference } : {}),
      ...(fields.screeningOutcome ? { screeningOutcome: fields.screeningOutcome } : {}),
      ...(fields.dailySummary !== undefined ? { dailySummary: fields.dailySummary } : {}),
    },
    `audit ${event}`,
  );
}
