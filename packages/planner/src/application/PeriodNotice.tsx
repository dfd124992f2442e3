import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ApplicationPeriod } from '@pre-admission/api';
import { nextPeriodChange, nextPeriodFor, openPeriodFor, periodState, timeLeft } from '@pre-admission/rules';
import { visuallyHidden } from '@pre-admission/ui';
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

/** The longest delay a browser's setTimeout keeps (a longer one fires at once): a later change waits in steps. */
const longestDelay = 2 ** 31 - 1;

/**
 * The screen's clock, read on every render, and a re-render at the next instant what it says of the programme's
 * periods changes (`nextPeriodChange`: the opening, each minute of the last 72 hours, the close), so a page left
 * open never shows a stale time left, nor Submit after the close. One timer at a time, cleared on unmount; a tab
 * shown again re-renders at once (a hidden tab's timers are slowed down, a sleeping computer's stopped).
 */
export function usePeriodClock(
  periods: readonly ApplicationPeriod[],
  programId: number | undefined,
  clock: () => Date,
): Date {
  const [tick, setTick] = useState(0);
  const now = clock();
  const next = programId === undefined ? undefined : nextPeriodChange(periods, programId, now)?.getTime();
  const delayUntil = useEffectEvent((at: number) => at - clock().getTime());
  useEffect(() => {
    if (next === undefined) return;
    const timer = setTimeout(
      () => setTick((count) => count + 1),
      Math.min(Math.max(0, delayUntil(next)), longestDelay),
    );
    return () => clearTimeout(timer);
    // `tick`: after a step of a longer wait, the next step.
  }, [next, tick]);
  useEffect(() => {
    const shown = () => {
      if (document.visibilityState === 'visible') setTick((count) => count + 1);
    };
    document.addEventListener('visibilitychange', shown);
    return () => document.removeEventListener('visibilitychange', shown);
  }, []);
  return now;
}

/**
 * The application period of the programme (docs/behaviour.md#applications, Periods): open until when, or when it
 * opens, or that it closed; each time in Japan time and in the applicant's own time zone, and under 72 hours
 * before the close, how long is left. Drafting is possible in any state; only submitting waits for the period.
 *
 * The time left follows the clock (`usePeriodClock`) but is not a live region: a screen reader is never
 * interrupted by a minute going by. Only the close, when it happens while the page is open, is announced,
 * politely, by a visually hidden status that is always there (a live region added with its text is not read).
 */
export function PeriodNotice(props: PeriodNoticeProps) {
  const intl = useIntl();
  const open =
    props.programId === undefined ? undefined : openPeriodFor(props.periods, props.programId, props.now);
  const [wasOpen, setWasOpen] = useState(open !== undefined);
  const [closedHere, setClosedHere] = useState(false);
  if (wasOpen !== (open !== undefined)) {
    setWasOpen(open !== undefined);
    setClosedHere(open === undefined);
  }
  return (
    <>
      <Notice {...props} />
      <p role="status" className={visuallyHidden}>
        {closedHere ? intl.formatMessage({ id: 'planner.application.period.closedNow' }) : null}
      </p>
    </>
  );
}

function Notice({ periods, programId, now, timeZone }: PeriodNoticeProps): ReactNode {
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
