import { useIntl } from 'react-intl';
import type { Locale } from '@pre-admission/i18n';
import type { StaffHistoryEntry, StaffNote } from '../model';
import { actorName, formatTime } from '../status';
import * as styles from '../Desk.css';

/**
 * The history, oldest first (the contract's order): who did what and when, as a sentence in the page's language
 * (OSIS's history: the event is stored, the sentence is the reader's). The applicant's own changes name the
 * applicant; the desk's name the staff member's role and number. What was written comes as written. The
 * export-control screening's entries (the desk's only, `screening`) are not shown here yet: the console has no
 * screening section (docs/behaviour.md#export-control-screening).
 */
export function History({ history, locale }: { history: readonly StaffHistoryEntry[]; locale: Locale }) {
  const intl = useIntl();
  const sorted = history
    .filter((entry) => entry.screening === undefined)
    .sort((a, b) => a.at.localeCompare(b.at));
  return (
    <ol className={styles.timeline}>
      {sorted.map((entry, index) => {
        const actor = actorName(intl, entry.actor);
        const what =
          entry.status === 'decided'
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
        const reason = entry.decision?.reason?.[locale] ?? entry.reason;
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
