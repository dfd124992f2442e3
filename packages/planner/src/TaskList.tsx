import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { Plan } from '@pre-admission/api';
import { taskStatuses, type PlannerLists, type TaskName } from './model';
import type { Notice } from './Planner';
import * as styles from './Planner.css';
import { PlannerLink } from './TaskPage';

const sections: ReadonlyArray<{ heading: 'prepare' | 'optional' | 'check'; tasks: readonly TaskName[] }> = [
  { heading: 'prepare', tasks: ['kind', 'programme', 'supervisor', 'documents'] },
  { heading: 'optional', tasks: ['scholarship', 'university'] },
  { heading: 'check', tasks: ['summary'] },
];

export interface TaskListProps {
  lists: PlannerLists;
  plan: Plan;
  /** What the last save cleared (a supervisor the new programme does not allow, ...). */
  notice: Notice | undefined;
  /** A task whose answers are not saved yet (a kept draft): a notice links to it. */
  unsavedTask?: TaskName | undefined;
  /** Each task's address. */
  hrefOf: (task: TaskName) => string;
  onOpen: (task: TaskName) => void;
}

/** The GOV.UK task list: every task with its status, in three sections; a notice when a save cleared choices. */
export function TaskList({ lists, plan, notice, unsavedTask, hrefOf, onOpen }: TaskListProps) {
  const intl = useIntl();
  const statuses = taskStatuses(lists, plan);
  // Every task listed, the summary too: "0 of 6" beside seven tasks did not add up (issue 38 item 6).
  const counted = sections.flatMap((section) => section.tasks);
  const completed = counted.filter((task) => statuses[task] === 'completed').length;
  const heading = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
    else heading.current?.focus();
  }, [notice]);

  return (
    <div className={styles.root}>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {intl.formatMessage({ id: 'planner.title' })}
      </h1>
      {notice && (
        <div
          ref={noticeRef}
          tabIndex={-1}
          role="region"
          aria-labelledby="planner-notice-title"
          className={styles.notice}
        >
          <h2 id="planner-notice-title" className={styles.sectionHeading}>
            {intl.formatMessage({ id: 'planner.cleared.title' })}
          </h2>
          <ul className={styles.list}>
            {notice.cleared.map((field) => (
              <li key={field}>
                {field === 'teacherId'
                  ? intl.formatMessage(
                      // With the programme gone there is no "programme you chose" the supervisor could not
                      // supervise (issue 38 item 6: the notice contradicted itself).
                      {
                        id: notice.cleared.includes('programId')
                          ? 'planner.cleared.teacherIdWithProgramme'
                          : 'planner.cleared.teacherId',
                      },
                      { name: notice.teacher ?? '' },
                    )
                  : intl.formatMessage({ id: `planner.cleared.${field}` })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {unsavedTask && (
        <div role="region" aria-labelledby="planner-unsaved-title" className={styles.notice}>
          <h2 id="planner-unsaved-title" className={styles.sectionHeading}>
            {intl.formatMessage({ id: 'planner.unsaved.title' })}
          </h2>
          <p className={styles.text}>
            {intl.formatMessage(
              { id: 'planner.unsaved.text' },
              { button: intl.formatMessage({ id: 'planner.continue' }) },
            )}
          </p>
          <p className={styles.text}>
            <PlannerLink
              href={hrefOf(unsavedTask)}
              onOpen={() => onOpen(unsavedTask)}
              className={styles.taskLink}
            >
              {intl.formatMessage(
                { id: 'planner.unsaved.link' },
                { task: intl.formatMessage({ id: `planner.task.${unsavedTask}` }) },
              )}
            </PlannerLink>
          </p>
        </div>
      )}
      <p className={styles.text}>{intl.formatMessage({ id: 'planner.lead' })}</p>
      <p className={styles.text}>
        {intl.formatMessage({ id: 'planner.progress' }, { completed, total: counted.length })}
      </p>
      {sections.map((section) => (
        <section key={section.heading} aria-labelledby={`planner-section-${section.heading}`}>
          <h2 id={`planner-section-${section.heading}`} className={styles.sectionHeading}>
            {intl.formatMessage({ id: `planner.section.${section.heading}` })}
          </h2>
          <ul className={styles.taskList}>
            {section.tasks.map((task) => {
              const statusId = `planner-status-${task}`;
              return (
                <li key={task} className={styles.taskRow}>
                  <PlannerLink
                    href={hrefOf(task)}
                    onOpen={() => onOpen(task)}
                    className={styles.taskLink}
                    aria-describedby={statusId}
                  >
                    {intl.formatMessage({ id: `planner.task.${task}` })}
                  </PlannerLink>
                  <span id={statusId} className={styles.status[statuses[task]]}>
                    {intl.formatMessage({ id: `planner.status.${statuses[task]}` })}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
