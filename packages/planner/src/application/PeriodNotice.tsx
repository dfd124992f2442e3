import { useIntl } from 'react-intl';
import type { ApplicationPeriod } from '@pre-admission/api';
import { nextPeriodFor, openPeriodFor, periodState, timeLeft } from '@pre-admission/rules';
import * as styles from '../Planner.css';
import { inJapan, inZone, sameAsJapan } from './times';

export interface PeriodNoticeProps {
  periods: readonly ApplicationPeriod[];
  /** The application's programme option; none chosen yet: the notice says to choose one. */
  programId: number | undefined;
  now: Date;
  /** The applicant's time zone (the browser's). */
  timeZone: string;
}

/** What a period's state means for the applicant's submission. */
export type Submittable = 'open' | 'upcoming' | 'closed' | 'none';

/** Whether the application can be submitted now, on the screen's clock (the server decides in the end). */
export function submittable(
  periods: readonly ApplicationPeriod[],
  programId: number | undefined,
  now: Date,
): Submittable {
  if (programId === undefined) return 'none';
  if (openPeriodFor(periods, programId, now)) return 'open';
  if (nextPeriodFor(periods, programId, now)) return 'upcoming';
  return periods.some((p) => p.programId === programId) ? 'closed' : 'none';
}

/**
 * The application period of the programme (docs/behaviour.md#applications, Periods): open until when, or when it
 * opens, or that it closed; each time in Japan time and in the applicant's own time zone, and under 72 hours
 * before the close, how long is left. Drafting is possible in any state; only submitting waits for the period.
 */
export function PeriodNotice({ periods, programId, now, timeZone }: PeriodNoticeProps) {
  const intl = useIntl();
  const yours = (at: Date) =>
    sameAsJapan(at, timeZone) ? null : (
      <p className={styles.muted}>
        {intl.formatMessage(
          { id: 'planner.application.period.yourTime' },
          { time: inZone(intl, at, timeZone) },
        )}
      </p>
    );
  if (programId === undefined)
    return (
      <p className={styles.text}>{intl.formatMessage({ id: 'planner.application.period.noProgramme' })}</p>
    );
  const open = openPeriodFor(periods, programId, now);
  if (open) {
    const left = timeLeft(open, now);
    return (
      <div
        className={left.closingSoon ? styles.inset : styles.fieldset}
        role="region"
        aria-label={intl.formatMessage({ id: 'planner.application.period.title' })}
      >
        <p className={styles.text}>
          {intl.formatMessage(
            { id: 'planner.application.period.open' },
            { closes: inJapan(intl, open.closesAt) },
          )}
        </p>
        {yours(open.closesAt)}
        {left.closingSoon && (
          <p className={styles.text}>
            <strong>
              {intl.formatMessage(
                { id: 'planner.application.period.timeLeft' },
                { days: left.days, hours: left.hours, minutes: left.minutes },
              )}
            </strong>
          </p>
        )}
      </div>
    );
  }
  const next = nextPeriodFor(periods, programId, now);
  const last = periods
    .filter((p) => p.programId === programId && periodState(p, now) === 'closed')
    .sort((a, b) => b.closesAt.getTime() - a.closesAt.getTime())[0];
  return (
    <div
      className={styles.fieldset}
      role="region"
      aria-label={intl.formatMessage({ id: 'planner.application.period.title' })}
    >
      {last && (
        <p className={styles.text}>
          {intl.formatMessage(
            { id: 'planner.application.period.closed' },
            { closes: inJapan(intl, last.closesAt) },
          )}
        </p>
      )}
      {next ? (
        <>
          <p className={styles.text}>
            {intl.formatMessage(
              { id: 'planner.application.period.upcoming' },
              { opens: inJapan(intl, next.opensAt), closes: inJapan(intl, next.closesAt) },
            )}
          </p>
          {yours(next.opensAt)}
        </>
      ) : (
        !last && (
          <p className={styles.text}>{intl.formatMessage({ id: 'planner.application.period.none' })}</p>
        )
      )}
      <p className={styles.muted}>{intl.formatMessage({ id: 'planner.application.period.drafting' })}</p>
    </div>
  );
}
