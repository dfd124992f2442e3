import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Application } from '@pre-admission/api';
import type { SectionStatus } from '@pre-admission/rules';
import { BackLink, PlannerLink } from '../TaskPage';
import * as styles from '../Planner.css';
import { consentTone, type ConsentTaskStatus } from './consent';
import { sectionNames, type PageName, type SectionName } from './model';

export interface ApplicationTaskListProps {
  application: Application;
  /** The programme's name in the page's language, if one is chosen. */
  programme: string | undefined;
  statuses: Record<SectionName, SectionStatus>;
  /** Whether each section can be opened: the documents wait for a supervisor (their slots are the course's). */
  canStart: Record<SectionName, boolean>;
  /** The supervisor's consent's status, where the programme option requires consent; else no task. */
  consent?: ConsentTaskStatus | undefined;
  /** The period notice (PeriodNotice). */
  period: ReactNode;
  /** A notice above the list (what the last action did), if any: it takes focus. */
  notice?: ReactNode;
  hrefOf: (page: PageName) => string;
  onOpen: (page: PageName) => void;
  /** The application plan (the planner's task list). */
  planHref: string;
  onPlan: () => void;
}

/**
 * An application's task list (GOV.UK): its kind and programme, the period, how many of the six sections are
 * complete, each section with its status ("Cannot start yet" where it waits for another, without a link),
 * then "Check your answers and submit". A submitted application links to its receipt instead; one returned for
 * changes links to both (it is sent again from Check your answers).
 */
export function ApplicationTaskList({
  application,
  programme,
  statuses,
  canStart,
  consent,
  period,
  notice,
  hrefOf,
  onOpen,
  planHref,
  onPlan,
}: ApplicationTaskListProps) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
    else heading.current?.focus();
  }, [notice]);
  const completed = sectionNames.filter((section) => statuses[section] === 'completed').length;
  const title = (section: SectionName) =>
    intl.formatMessage({ id: `planner.application.section.${section}` });
  const submitted = application.status !== 'draft';
  // A returned application is sent again from Check your answers, as a draft is sent (docs/behaviour.md#applications).
  const sendable = application.status === 'draft' || application.status === 'returned';

  return (
    <div className={styles.root}>
      <BackLink href={planHref} onBack={onPlan} />
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {intl.formatMessage({ id: 'planner.application.title' })}
      </h1>
      {notice && (
        <div ref={noticeRef} tabIndex={-1} className={styles.notice}>
          {notice}
        </div>
      )}
      <dl className={styles.summaryList}>
        <div className={styles.summaryRow}>
          <dt className={styles.summaryKey}>{intl.formatMessage({ id: 'planner.task.kind' })}</dt>
          <dd className={styles.summaryValue}>
            {intl.formatMessage({ id: `planner.kind.${application.studentType}` })}
          </dd>
        </div>
        <div className={styles.summaryRow}>
          <dt className={styles.summaryKey}>{intl.formatMessage({ id: 'planner.task.programme' })}</dt>
          <dd className={styles.summaryValue}>
            {programme ?? intl.formatMessage({ id: 'planner.notChosen' })}
          </dd>
        </div>
      </dl>
      {period}
      {submitted ? (
        <p className={styles.text}>
          <PlannerLink href={hrefOf('receipt')} onOpen={() => onOpen('receipt')} className={styles.taskLink}>
            {intl.formatMessage({ id: 'planner.application.viewReceipt' })}
          </PlannerLink>
        </p>
      ) : (
        <p className={styles.text}>
          {intl.formatMessage(
            { id: 'planner.application.progress' },
            { completed, total: sectionNames.length },
          )}
        </p>
      )}
      <ul className={styles.taskList}>
        {sectionNames.map((section) => {
          const statusId = `application-status-${section}`;
          const status = canStart[section] ? statuses[section] : 'cannotStart';
          return (
            <li key={section} className={styles.taskRow}>
              {canStart[section] ? (
                <PlannerLink
                  href={hrefOf(section)}
                  onOpen={() => onOpen(section)}
                  className={styles.taskLink}
                  aria-describedby={statusId}
                >
                  {title(section)}
                </PlannerLink>
              ) : (
                <span>{title(section)}</span>
              )}
              <span id={statusId} className={styles.status[status === 'cannotStart' ? 'notStarted' : status]}>
                {status === 'cannotStart'
                  ? intl.formatMessage({ id: 'planner.application.cannotStart' })
                  : intl.formatMessage({ id: `planner.status.${status}` })}
              </span>
            </li>
          );
        })}
        {consent !== undefined && (
          <li className={styles.taskRow}>
            <PlannerLink
              href={hrefOf('consent')}
              onOpen={() => onOpen('consent')}
              className={styles.taskLink}
              aria-describedby="application-status-consent"
            >
              {intl.formatMessage({ id: 'planner.application.section.consent' })}
            </PlannerLink>
            <span id="application-status-consent" className={styles.status[consentTone(consent)]}>
              {consent === 'notStarted'
                ? intl.formatMessage({ id: 'planner.status.notStarted' })
                : intl.formatMessage({ id: `planner.application.consent.status.${consent}` })}
            </span>
          </li>
        )}
        {sendable && (
          <li className={styles.taskRow}>
            <PlannerLink href={hrefOf('check')} onOpen={() => onOpen('check')} className={styles.taskLink}>
              {intl.formatMessage({ id: 'planner.application.section.check' })}
            </PlannerLink>
          </li>
        )}
      </ul>
    </div>
  );
}
