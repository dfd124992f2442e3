import { useIntl } from 'react-intl';
import type { SimpleItem } from '@pre-admission/api';
import { scholarshipStatusOptions, type PlanField } from '@pre-admission/rules';
import { nameIn } from '../names';
import { Choice, FieldError } from '../TaskPage';
import * as styles from '../Planner.css';
import { errorId, type TaskProps } from './types';

/**
 * Task 5 (optional): the scholarship, then the statuses the rules offer for it (`scholarshipStatusOptions`:
 * item 12 only status 4, item 13 only status 5, any other neither), and the financial support.
 */
export function ScholarshipTask({ lists, draft, setDraft, fieldErrors, locale, embedded }: TaskProps) {
  const intl = useIntl();
  const statuses =
    draft.scholarshipTypeId === undefined
      ? []
      : scholarshipStatusOptions(lists.scholarshipStatuses, draft.scholarshipTypeId);
  const radios = (
    field: 'scholarshipTypeId' | 'scholarshipStatusId' | 'financialSupportId',
    legend: string,
    items: readonly SimpleItem[],
  ) => {
    const error = fieldErrors[field as PlanField];
    return (
      <fieldset className={`${styles.fieldset} ${error ? styles.fieldInvalid : ''}`}>
        <legend className={styles.legend}>{legend}</legend>
        <FieldError id={errorId(field)} message={error} />
        {items.map((item, index) => (
          <Choice
            key={item.id}
            type="radio"
            name={field}
            id={index === 0 ? `planner-${field}` : `planner-${field}-${item.id}`}
            checked={draft[field] === item.id}
            onChange={() => setDraft((plan) => ({ ...plan, [field]: item.id }))}
            label={nameIn(locale, item)}
            describedBy={error ? errorId(field) : undefined}
          />
        ))}
      </fieldset>
    );
  };
  return (
    <>
      {!embedded && <p className={styles.text}>{intl.formatMessage({ id: 'planner.optional' })}</p>}
      {radios(
        'scholarshipTypeId',
        intl.formatMessage({ id: 'planner.scholarship.type' }),
        lists.scholarshipTypes,
      )}
      {draft.scholarshipTypeId === undefined ? (
        <p className={styles.muted}>{intl.formatMessage({ id: 'planner.scholarship.chooseType' })}</p>
      ) : statuses.length === 0 ? (
        // Privately financed: there is no award whose status to give (issue 38 item 6).
        <p className={styles.muted}>{intl.formatMessage({ id: 'planner.scholarship.noStatus' })}</p>
      ) : (
        radios('scholarshipStatusId', intl.formatMessage({ id: 'planner.scholarship.status' }), statuses)
      )}
      {radios(
        'financialSupportId',
        intl.formatMessage({ id: 'planner.scholarship.support' }),
        lists.scholarshipFinancialSupports,
      )}
    </>
  );
}
