import { useIntl } from 'react-intl';
import type { Plan } from '@pre-admission/api';
import type { ClearedField, PlannerLists } from './model';
import { choiceNames } from './names';
import * as styles from './Planner.css';

/**
 * Before saving: the later answers that saving the task's answers as they stand would clear (issue 38 item 6:
 * a new kind of application cleared the programme and the supervisor without a word until after the save),
 * each by name, in the page's live region, so it is heard as the choice is made.
 */
export function ClearingWarning({
  lists,
  draft,
  cleared,
}: {
  lists: PlannerLists;
  draft: Plan;
  cleared: readonly ClearedField[];
}) {
  const intl = useIntl();
  const names = choiceNames(lists, draft, intl);
  const name: Record<Exclude<ClearedField, 'documents'>, string | undefined> = {
    programId: names.programme,
    teacherId: names.teacher,
    scholarshipStatusId: names.scholarshipStatus,
    universityId: names.university,
  };
  return (
    <div className={styles.inset}>
      <p className={styles.text}>{intl.formatMessage({ id: 'planner.willClear.title' })}</p>
      <ul className={styles.list}>
        {cleared.map((field) => (
          <li key={field}>
            {field === 'documents'
              ? intl.formatMessage({ id: 'planner.willClear.documents' })
              : intl.formatMessage({ id: `planner.willClear.${field}` }, { name: name[field] ?? '' })}
          </li>
        ))}
      </ul>
    </div>
  );
}
