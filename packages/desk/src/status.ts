import type { IntlShape } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import { japanTimeZone, type ApplicationStatus, type ConsentStatus, type StaffActor } from './model';

/** The tag's look, as the applicant side shows it: waiting for the applicant, with the desk, done. */
export function statusTone(status: ApplicationStatus): 'notStarted' | 'inProgress' | 'completed' | 'action' {
  if (status === 'returned') return 'action';
  if (status === 'draft' || status === 'withdrawn') return 'notStarted';
  if (status === 'decided') return 'completed';
  return 'inProgress';
}

export const statusMessage = (status: ApplicationStatus): MessageId => `desk.status.${status}`;

/** A day, in Japan time (the university's): the list's submission date. */
export const formatDay = (intl: IntlShape, at: string) =>
  intl.formatDate(new Date(at), { dateStyle: 'long', timeZone: japanTimeZone });

/** A moment, in Japan time: the history's and the notes' times. */
export const formatTime = (intl: IntlShape, at: string) =>
  intl.formatDate(new Date(at), { dateStyle: 'long', timeStyle: 'short', timeZone: japanTimeZone });

/** A staff member as the history names them: their role, in words, and their staff number. */
export const actorName = (intl: IntlShape, actor: StaffActor | undefined) =>
  actor
    ? intl.formatMessage(
        { id: 'desk.actor' },
        { role: intl.formatMessage({ id: `desk.role.${actor.role}` }), id: actor.staffId },
      )
    : intl.formatMessage({ id: 'desk.actor.staff' });

/** A consent request's tag: waiting for the supervisor (their action), answered, or closed without one. */
export function consentTone(status: ConsentStatus): 'notStarted' | 'completed' | 'action' {
  if (status === 'requested') return 'action';
  if (status === 'accepted' || status === 'declined') return 'completed';
  return 'notStarted';
}

export const consentStatusMessage = (status: ConsentStatus): MessageId => `desk.consent.status.${status}`;

/** An applicant's name as the staff screens write it: the Latin name, as typed (the Japanese one aside). */
export const applicantName = (person: { familyName?: string; givenNames?: string }) =>
  [person.familyName, person.givenNames].filter(Boolean).join(' ');
