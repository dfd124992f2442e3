import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { universitiesOf } from '@pre-admission/rules';
import { countryOptions, universityName } from '../names';
import { Choice, FieldError } from '../TaskPage';
import * as styles from '../Planner.css';
import { errorId, type TaskProps } from './types';

/**
 * Task 6 (optional): the country of the previous university (a native select: the long list of countries
 * renders at once), then that country's ranked universities for the latest year type, rank shown where known.
 */
export function UniversityTask({ lists, draft, setDraft, fieldErrors }: TaskProps) {
  const intl = useIntl();
  const countries = useMemo(() => countryOptions(lists.countries, intl), [lists.countries, intl]);
  const universities =
    draft.countryId === undefined ? [] : universitiesOf(lists.rankedUniversities, draft.countryId);
  const countryError = fieldErrors.countryId;
  const universityError = fieldErrors.universityId;
  return (
    <>
      <p className={styles.text}>{intl.formatMessage({ id: 'planner.optional' })}</p>
      <div className={`${styles.fieldset} ${countryError ? styles.fieldInvalid : ''}`}>
        <label htmlFor="planner-countryId" className={styles.label}>
          {intl.formatMessage({ id: 'planner.university.country' })}
        </label>
        <FieldError id={errorId('countryId')} message={countryError} />
        <select
          id="planner-countryId"
          className={styles.input}
          value={draft.countryId ?? ''}
          aria-describedby={countryError ? errorId('countryId') : undefined}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDraft((plan) => ({ ...plan, countryId: value === '' ? undefined : Number(value) }));
          }}
        >
          <option value="">{intl.formatMessage({ id: 'planner.university.select' })}</option>
          {countries.map((country) => (
            <option key={country.id} value={country.id}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      {draft.countryId === undefined ? (
        <p className={styles.muted}>{intl.formatMessage({ id: 'planner.university.chooseCountry' })}</p>
      ) : (
        <fieldset className={`${styles.fieldset} ${universityError ? styles.fieldInvalid : ''}`}>
          <legend className={styles.legend}>
            {intl.formatMessage({ id: 'planner.university.university' })}
          </legend>
          <FieldError id={errorId('universityId')} message={universityError} />
          {universities.length === 0 && (
            <p className={styles.text}>{intl.formatMessage({ id: 'planner.university.none' })}</p>
          )}
          {universities.map((university, index) => (
            <Choice
              key={university.id}
              type="radio"
              name="universityId"
              id={index === 0 ? 'planner-universityId' : `planner-universityId-${university.id}`}
              checked={draft.universityId === university.id}
              onChange={() => setDraft((plan) => ({ ...plan, universityId: university.id }))}
              label={universityName(intl, university)}
              hint={
                university.rank === undefined
                  ? intl.formatMessage({ id: 'planner.university.unranked' })
                  : intl.formatMessage(
                      { id: 'planner.university.rank' },
                      { rankType: university.rankType, rank: university.rank },
                    )
              }
              describedBy={universityError ? errorId('universityId') : undefined}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}
