import { useDeferredValue, useState } from 'react';
import { useIntl } from 'react-intl';
import { teachersForProgram } from '@pre-admission/rules';
import { groupByCourse, teacherMatches } from '../model';
import { choiceNames, nameIn, teacherName } from '../names';
import { Choice, FieldError } from '../TaskPage';
import * as styles from '../Planner.css';
import { errorId, type TaskProps } from './types';

/**
 * Task 3: the prospective supervisor, among exactly the teachers the programme offers (`teachersForProgram`,
 * never a hidden one), grouped by graduate school and searchable by Japanese or English name, width- and
 * case-insensitively (docs/behaviour.md#planner).
 */
export function SupervisorTask({ lists, draft, setDraft, fieldErrors, locale }: TaskProps) {
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const error = fieldErrors.teacherId;
  if (draft.programId === undefined)
    return <p className={styles.inset}>{intl.formatMessage({ id: 'planner.needsProgramme' })}</p>;

  const offered = teachersForProgram(lists.teachers, draft.programId);
  const matching = offered.filter((teacher) => teacherMatches(teacher, deferredQuery));
  const groups = groupByCourse(matching, lists.courses);
  const programme = choiceNames(lists, draft, intl).programme ?? '';
  const firstId = groups[0]?.teachers[0]?.id;
  return (
    <>
      <div className={styles.fieldset}>
        <label htmlFor="planner-teacher-search" className={styles.label}>
          {intl.formatMessage({ id: 'planner.supervisor.search' })}
        </label>
        <p id="planner-teacher-search-hint" className={styles.muted}>
          {intl.formatMessage({ id: 'planner.supervisor.searchHint' })}
        </p>
        <input
          id="planner-teacher-search"
          className={styles.input}
          type="search"
          value={query}
          autoComplete="off"
          aria-describedby="planner-teacher-search-hint"
          onChange={(event) => setQuery(event.currentTarget.value)}
          // Enter in the search box searches; it never submits the task.
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
        />
        <p className={styles.muted} role="status">
          {matching.length === 0 && deferredQuery.trim() !== ''
            ? intl.formatMessage({ id: 'planner.supervisor.noMatch' }, { query: deferredQuery.trim() })
            : intl.formatMessage({ id: 'planner.supervisor.found' }, { count: matching.length })}
        </p>
      </div>
      <fieldset
        className={`${styles.fieldset} ${error ? styles.fieldInvalid : ''}`}
        aria-describedby="planner-supervisor-hint"
      >
        <legend className={styles.legend}>{intl.formatMessage({ id: 'planner.supervisor.question' })}</legend>
        <p id="planner-supervisor-hint" className={styles.muted}>
          {intl.formatMessage({ id: 'planner.supervisor.hint' }, { programme })}
        </p>
        <FieldError id={errorId('teacherId')} message={error} />
        {offered.length === 0 && (
          <p className={styles.text}>{intl.formatMessage({ id: 'planner.noOptions' })}</p>
        )}
        {groups.map((group) => {
          const course = group.course ? nameIn(locale, group.course) : '';
          return (
            <div key={group.courseId} role="group" aria-labelledby={`planner-course-${group.courseId}`}>
              <h2 id={`planner-course-${group.courseId}`} className={styles.groupHeading}>
                {course}
              </h2>
              {group.teachers.map((teacher) => {
                const id = teacher.id === firstId ? 'planner-teacherId' : `planner-teacherId-${teacher.id}`;
                return (
                  <Choice
                    key={teacher.id}
                    type="radio"
                    name="teacherId"
                    id={id}
                    checked={draft.teacherId === teacher.id}
                    onChange={() => setDraft((plan) => ({ ...plan, teacherId: teacher.id }))}
                    // Under their graduate school's heading: the school is not repeated at each name (issue 38
                    // item 6), where a screen reader read it twice.
                    label={teacherName(locale, teacher)}
                    describedBy={error ? errorId('teacherId') : undefined}
                  />
                );
              })}
            </div>
          );
        })}
      </fieldset>
    </>
  );
}
