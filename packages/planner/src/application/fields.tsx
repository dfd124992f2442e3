import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useField } from '@pre-admission/ui';
import { FieldError } from '../TaskPage';
import * as styles from '../Planner.css';
import { fieldId } from './model';

/**
 * A native control of a section (a select, a date's parts, a check box) told to the section's Form: the error
 * summary then links the control's error to it and names it ("生年月日：…"), and the control shows the error
 * the Form holds for it (the screen's own check or the server's, by the field's path).
 */
export function useFieldLink(path: string, label: string) {
  const { error } = useField({ name: path, id: fieldId(path), label, normalize: false });
  return { id: fieldId(path), error, errorId: `${fieldId(path)}-error` };
}

/** "Given names (optional)": an answer that may be left out says so (GOV.UK); the others are needed to submit. */
export function useOptionalLabel() {
  const intl = useIntl();
  return (label: string) => intl.formatMessage({ id: 'planner.application.optional' }, { label });
}

export interface SelectFieldProps {
  path: string;
  label: string;
  hint?: ReactNode;
  value: number | undefined;
  options: ReadonlyArray<{ id: number; name: string }>;
  onChange: (value: number | undefined) => void;
  /** The empty option's text ("Select a country or region"). */
  placeholder: string;
  autoComplete?: string;
  /** The field's name in the error summary, where the label alone is ambiguous (which entry's). */
  summaryLabel?: string;
}

/** A labelled native select of ids (a long list renders at once; the browser's own picker on a phone). */
export function SelectField({
  path,
  label,
  hint,
  value,
  options,
  onChange,
  placeholder,
  autoComplete,
  summaryLabel,
}: SelectFieldProps) {
  const { id, error, errorId } = useFieldLink(path, summaryLabel ?? label);
  const hintId = `${id}-hint`;
  return (
    <div className={`${styles.fieldset} ${error ? styles.fieldInvalid : ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.muted}>
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
      <select
        id={id}
        className={styles.input}
        value={value ?? ''}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined
        }
        onChange={(event) => {
          const next = event.currentTarget.value;
          onChange(next === '' ? undefined : Number(next));
        }}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Digits as typed, full-width ones made half-width (docs/behaviour.md#validation), anything else dropped. */
const digits = (text: string) => text.normalize('NFKC').replace(/[^0-9]/g, '');

type DatePart = 'year' | 'month' | 'day';

export interface DateFieldProps {
  path: string;
  legend: string;
  hint?: ReactNode;
  /** `YYYY-MM-DD` (with `day`) or `YYYY-MM`; what was typed, even when it is no date. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** Without a day: a month (`YYYY-MM`), as the education history's from and to. */
  day?: boolean;
  /** The browser's autofill of a date of birth. */
  autoComplete?: 'bday';
  /** The field's name in the error summary, where the legend alone is ambiguous (which entry's). */
  summaryLabel?: string;
}

const partsOf = (value: string | undefined): Record<DatePart, string> => {
  const [year = '', month = '', day = ''] = (value ?? '').split('-');
  return { year, month, day };
};

/**
 * A date in separate inputs for its year, month (and day), as GOV.UK asks for a date: typed, never picked from
 * a calendar, so a date of birth decades ago is a few keys. The value is `YYYY-MM-DD` (or `YYYY-MM`) with the
 * month and day padded; parts left empty or out of range make a value the rules refuse (`invalid_date`), so
 * what was typed is never lost and the error says why. All empty: no answer.
 */
export function DateField({
  path,
  legend,
  hint,
  value,
  onChange,
  day = true,
  autoComplete,
  summaryLabel,
}: DateFieldProps) {
  const intl = useIntl();
  const { id, error, errorId } = useFieldLink(path, summaryLabel ?? legend);
  // The parts as typed ("4", "04"): the value only keeps them padded.
  const [parts, setParts] = useState(() => partsOf(value));
  const hintId = `${id}-hint`;
  const names: DatePart[] = day ? ['year', 'month', 'day'] : ['year', 'month'];
  const change = (part: DatePart, text: string) => {
    const next = { ...parts, [part]: digits(text) };
    setParts(next);
    const shown = names.map((name) => next[name]);
    if (shown.every((part) => part === '')) onChange(undefined);
    else
      onChange(names.map((name) => (name === 'year' ? next[name] : next[name].padStart(2, '0'))).join('-'));
  };
  return (
    <fieldset
      className={`${styles.fieldset} ${error ? styles.fieldInvalid : ''}`}
      aria-describedby={
        [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined
      }
    >
      <legend className={styles.label}>{legend}</legend>
      {hint && (
        <p id={hintId} className={styles.muted}>
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
      <div className={styles.actions}>
        {names.map((name, index) => {
          const inputId = index === 0 ? id : `${id}-${name}`;
          return (
            <div key={name} className={styles.fieldset}>
              <label htmlFor={inputId}>
                {intl.formatMessage({ id: `planner.application.date.${name}` })}
              </label>
              <input
                id={inputId}
                className={styles.input}
                // A year's four digits and a month's or day's two, with room (the planner's input has no width).
                size={name === 'year' ? 5 : 3}
                inputMode="numeric"
                maxLength={name === 'year' ? 4 : 2}
                autoComplete={autoComplete ? `${autoComplete}-${name}` : 'off'}
                value={parts[name]}
                aria-invalid={error ? true : undefined}
                onChange={(event) => change(name, event.currentTarget.value)}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
