import { useIntl } from 'react-intl';
import { programmeOptions } from '@pre-admission/rules';
import { Link } from '@pre-admission/ui';
import { nameIn } from '../names';
import { Choice, FieldError } from '../TaskPage';
import * as styles from '../Planner.css';
import { errorId, type TaskProps } from './types';

/**
 * Task 2: the programme, among the options the kind of application offers (`programmeOptions`), each with its
 * link where it has one. Choosing one that the chosen supervisor cannot supervise says so before Continue (the
 * task page's ClearingWarning).
 */
export function ProgrammeTask({ lists, draft, setDraft, fieldErrors, locale }: TaskProps) {
  const intl = useIntl();
  const error = fieldErrors.programId;
  if (!draft.studentType)
    return <p className={styles.inset}>{intl.formatMessage({ id: 'planner.needsKind' })}</p>;
  const options = programmeOptions(lists.programs, draft.studentType);
  return (
    <fieldset
      className={`${styles.fieldset} ${error ? styles.fieldInvalid : ''}`}
      aria-describedby="planner-programme-hint"
    >
      <legend className={styles.legend}>{intl.formatMessage({ id: 'planner.programme.question' })}</legend>
      <p id="planner-programme-hint" className={styles.muted}>
        {intl.formatMessage(
          { id: 'planner.programme.hint' },
          { kind: intl.formatMessage({ id: `planner.kind.${draft.studentType}` }) },
        )}
      </p>
      <FieldError id={errorId('programId')} message={error} />
      {options.length === 0 && (
        <p className={styles.text}>{intl.formatMessage({ id: 'planner.noOptions' })}</p>
      )}
      {options.map((option, index) => {
        const name = nameIn(locale, option);
        const url = option.link && (locale === 'ja' ? option.link.urlJa : option.link.url);
        return (
          <Choice
            key={option.id}
            type="radio"
            name="programId"
            id={index === 0 ? 'planner-programId' : `planner-programId-${option.id}`}
            checked={draft.programId === option.id}
            onChange={() => setDraft((plan) => ({ ...plan, programId: option.id }))}
            label={name}
            describedBy={error ? errorId('programId') : undefined}
            hint={
              url ? (
                <Link href={url} external>
                  {intl.formatMessage(
                    { id: 'planner.programme.link' },
                    { name: option.link ? nameIn(locale, option.link) : name },
                  )}
                </Link>
              ) : undefined
            }
          />
        );
      })}
    </fieldset>
  );
}
