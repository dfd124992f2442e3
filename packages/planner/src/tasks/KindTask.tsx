import { useIntl } from 'react-intl';
import type { StudentType } from '@pre-admission/api';
import { Choice, FieldError } from '../TaskPage';
import * as styles from '../Planner.css';
import { errorId, type TaskProps } from './types';

export const studentTypes: readonly StudentType[] = ['researchStudent', 'master', 'doctoral', 'exchange'];

/** Task 1: the kind of application (docs/behaviour.md#planner). */
export function KindTask({ draft, setDraft, fieldErrors }: TaskProps) {
  const intl = useIntl();
  const error = fieldErrors.studentType;
  return (
    <fieldset className={`${styles.fieldset} ${error ? styles.fieldInvalid : ''}`}>
      <legend className={styles.legend}>{intl.formatMessage({ id: 'planner.kind.question' })}</legend>
      <FieldError id={errorId('studentType')} message={error} />
      {studentTypes.map((type, index) => (
        <Choice
          key={type}
          type="radio"
          name="studentType"
          id={index === 0 ? 'planner-studentType' : `planner-studentType-${type}`}
          checked={draft.studentType === type}
          onChange={() => setDraft((plan) => ({ ...plan, studentType: type }))}
          label={intl.formatMessage({ id: `planner.kind.${type}` })}
          describedBy={error ? errorId('studentType') : undefined}
        />
      ))}
    </fieldset>
  );
}
