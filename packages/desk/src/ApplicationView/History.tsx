import { useIntl, type IntlShape } from 'react-intl';
import type { Locale, MessageId } from '@pre-admission/i18n';
import type { StaffHistoryEntry, StaffNote } from '../model';
import { actorName, formatTime } from '../status';
import * as styles from '../Desk.css';

/**
 * The history, oldest first (the contract's order): who did what and when, as a sentence in the page's language
 * (OSIS's history: the event is stored, the sentence is the reader's). The applicant's own changes name the
 * applicant; the desk's name the staff member's role and number. What was written comes as written. The
 * export-control screening's steps (the desk's only, `screening`: docs/behaviour.md#export-control-screening)
 * are entries too: the screening section shows only the latest screening, and an application is screened at
 * its consent request and again at each submission, each with its own outcome.
 */
export function History({ history, locale }: { history: readonly StaffHistoryEntry[]; locale: Locale }) {
  const intl = useIntl();
  // A stable sort: at one instant the server's order stays (a submission, then its screening).
  const sorted = [...history].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <ol className={styles.timeline}>
      {sorted.map((entry, index) => {
        const actor = actorName(intl, entry.actor);
        const what = entry.screening
          ? screeningStep(intl, entry.screening, actor)
          : entry.status === 'decided'
            ? intl.formatMessage(
                {
                  id:
                    entry.decision?.outcome === 'notAccepted'
                      ? 'desk.history.notAccepted'
                      : 'desk.history.accepted',
                },
                { actor },
              )
            : entry.status === 'returned'
              ? intl.formatMessage(
                  { id: 'desk.history.returned' },
                  { actor, due: entry.reopened ? formatTime(intl, entry.reopened.dueAt) : '' },
                )
              : intl.formatMessage({ id: `desk.history.${entry.status}` }, { actor });
        const reason = entry.screening
          ? entry.screening.reason
          : (entry.decision?.reason?.[locale] ?? entry.reason);
        const message = entry.decision?.message ?? entry.reopened?.message;
        return (
          <li key={`${entry.at}-${index}`} className={styles.event}>
            <span className={styles.muted}>
              <time dateTime={entry.at}>{formatTime(intl, entry.at)}</time>
            </span>
            <span>{what}</span>
            {entry.reopened && entry.reopened.sections.length > 0 && (
              <span>
                {intl.formatMessage(
                  { id: 'desk.history.sections' },
                  {
                    sections: intl.formatList(
                      entry.reopened.sections.map((section) =>
                        intl.formatMessage({ id: `desk.section.${section}` }),
                      ),
                    ),
                  },
                )}
              </span>
            )}
            {entry.reopened && entry.reopened.documentIds.length > 0 && (
              <span>
                {intl.formatMessage(
                  { id: 'desk.history.documents' },
                  { count: entry.reopened.documentIds.length },
                )}
              </span>
            )}
            {reason && (
              <span className={styles.quote}>
                {intl.formatMessage({ id: 'desk.history.reason' }, { reason })}
              </span>
            )}
            {message && (
              <span className={styles.quote}>
                {intl.formatMessage({ id: 'desk.history.message' }, { message })}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * A screening step as a sentence: a screening with its trigger and result, or the desk's outcome. The contract
 * leaves each part optional; a step without its parts is named as a screening step, never given a made-up one.
 */
function screeningStep(
  intl: IntlShape,
  { event, trigger, result, outcome }: NonNullable<StaffHistoryEntry['screening']>,
  actor: string,
): string {
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  if (event === 'outcome' && outcome)
    return t('desk.history.screeningOutcome', { actor, outcome: t(`desk.screening.outcome.${outcome}`) });
  if (event === 'screened' && trigger && result)
    return t('desk.history.screened', {
      trigger: t(`desk.screening.trigger.${trigger}`),
      result: t(`desk.screening.result.${result}`),
    });
  return t('desk.screening.title');
}

/** The internal notes, oldest first, each with who wrote it and when: staff only, and marked so. */
export function Notes({ notes }: { notes: readonly StaffNote[] }) {
  const intl = useIntl();
  if (notes.length === 0)
    return <p className={styles.text}>{intl.formatMessage({ id: 'desk.notes.none' })}</p>;
  return (
    <ol className={styles.plainList}>
      {[...notes]
        .sort((a, b) => a.at.localeCompare(b.at))
        .map((note, index) => (
          <li key={`${note.at}-${index}`} className={styles.event}>
            <span className={styles.muted}>
              {intl.formatMessage(
                { id: 'desk.notes.by' },
                { actor: actorName(intl, note.actor), time: formatTime(intl, note.at) },
              )}
            </span>
            <span className={styles.quote}>{note.text}</span>
          </li>
        ))}
    </ol>
  );
}
