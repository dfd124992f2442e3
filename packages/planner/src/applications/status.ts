import type { MessageId } from '@pre-admission/i18n';
import type { ApplicationStatus, ApplicationSummary, HistoryEntry } from '@pre-admission/api';

/** docs/behaviour.md#applications: an application can be withdrawn once sent, until it is decided. */
export const withdrawable: ReadonlySet<ApplicationStatus> = new Set([
  'submitted',
  'underReview',
  'returned',
  'resubmitted',
]);

/** The most characters of a withdrawal's reason (openapi.yaml `Withdrawal.reason`). */
export const reasonMaxLength = 1000;

/** Characters as people count them (a kanji or an emoji is one), as the server's schema counts them. */
export const characterCount = (text: string) => [...text].length;

/** The link that opens an application: what the applicant does there. */
export function openMessage(status: ApplicationStatus): MessageId {
  if (status === 'draft') return 'planner.status.open.continue';
  if (status === 'returned') return 'planner.status.open.change';
  return 'planner.status.open.view';
}

/** The tag's look: waiting for the applicant, with the desk, done. */
export function statusTone(status: ApplicationStatus): 'notStarted' | 'inProgress' | 'completed' | 'action' {
  if (status === 'returned') return 'action';
  if (status === 'draft' || status === 'withdrawn') return 'notStarted';
  if (status === 'decided') return 'completed';
  return 'inProgress';
}

/**
 * The sentence of one history entry (OSIS's history: the event is stored, the sentence is the reader's):
 * its message and which of its parts it shows.
 */
export function historyMessage(entry: HistoryEntry): MessageId {
  if (entry.status === 'decided')
    return entry.decision?.outcome === 'notAccepted'
      ? 'planner.status.history.notAccepted'
      : 'planner.status.history.accepted';
  return `planner.status.history.${entry.status}`;
}

/** The history oldest first, as a timeline reads (the contract promises it; a copy, sorted all the same). */
export function timeline(summary: Pick<ApplicationSummary, 'history'>): HistoryEntry[] {
  return [...summary.history].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Japan's time zone: periods and due dates are the university's, in Japan time. */
export const japanTimeZone = 'Asia/Tokyo';

/** The browser's time zone, or Japan's where the browser does not say. */
export function ownTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || japanTimeZone;
}

/** Whether two time zones show the same clock at an instant (Tokyo and Seoul do): one time is enough. */
export function sameClock(instant: Date, zone: string, other: string): boolean {
  const clock = (timeZone: string) =>
    new Intl.DateTimeFormat('en', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).format(instant);
  return clock(zone) === clock(other);
}
