import type { ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Locale, MessageId } from '@pre-admission/i18n';
import { nameOf, type DeskLists } from '../lists';
import type { StaffConsentStep, StaffHistoryEntry, StaffNote } from '../model';
import { actorName, formatTime } from '../status';
import * as styles from '../Desk.css';

interface HistoryProps {
  history: readonly StaffHistoryEntry[];
  /** The supervisor's consent as it went: read in time order with the status entries. */
  consentSteps: readonly StaffConsentStep[];
  teachers: DeskLists['teachers'];
  locale: Locale;
}

type Line = { at: string; status: StaffHistoryEntry } | { at: string; consent: StaffConsentStep };

/**
 * The history, oldest first: who did what and when, as a sentence in the page's language (OSIS's history: the
 * event is stored, the sentence is the reader's). The applicant's own changes name the applicant; the desk's
 * name the staff member's role and number; a consent answer names the supervisor asked. Entries at the same
 * moment keep the contract's order, consent first (it comes before the submission it allows). What was written
 * comes as written. The export-control screening's steps (the desk's only, `screening`:
 * docs/behaviour.md#export-control-screening) are entries too: the screening section shows only the latest
 * screening, and an application is screened at its consent request and again at each submission, each with its
 * own outcome.
 */
export function History({ history, consentSteps, teachers, locale }: HistoryProps) {
  const intl = useIntl();
  const lines: Line[] = [
    ...consentSteps.map((consent) => ({ at: consent.at, consent })),
    ...history.map((status) => ({ at: status.at, status })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <ol className={styles.timeline}>
      {lines.map((line, index) => {
        const { what, reason, message, extra } =
          'consent' in line
            ? consentLine(intl, line.consent, teachers, locale)
            : statusLine(intl, line.status, locale);
        return (
          <li key={`${line.at}-${index}`} className={styles.event}>
            <span className={styles.muted}>
              <time dateTime={line.at}>{formatTime(intl, line.at)}</time>
            </span>
            <span>{what}</span>
            {extra}
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

interface LineText {
  what: string;
  reason?: string | undefined;
  message?: string | undefined;
  extra?: ReactNode;
}

function consentLine(
  intl: IntlShape,
  step: StaffConsentStep,
  teachers: DeskLists['teachers'],
  locale: Locale,
): LineText {
  const teacher = nameOf(intl, teachers, step.teacherId) ?? '';
  return {
    what: intl.formatMessage({ id: `desk.history.consent.${step.step}` }, { teacher }),
    reason: step.reason?.[locale],
    message: step.response,
  };
}

function statusLine(intl: IntlShape, entry: StaffHistoryEntry, locale: Locale): LineText {
  const actor = actorName(intl, entry.actor);
  if (entry.screening)
    return { what: screeningStep(intl, entry.screening, actor), reason: entry.screening.reason };
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
  const extra = entry.reopened && (
    <>
      {entry.reopened.sections.length > 0 && (
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
      {entry.reopened.documentIds.length > 0 && (
        <span>
          {intl.formatMessage({ id: 'desk.history.documents' }, { count: entry.reopened.documentIds.length })}
        </span>
      )}
    </>
  );
  return {
    what,
    reason: entry.decision?.reason?.[locale] ?? entry.reason,
    message: entry.decision?.message ?? entry.reopened?.message,
    extra,
  };
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
