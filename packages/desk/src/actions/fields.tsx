import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useField } from '@pre-admission/ui';
import { characterCount, textMaxLength } from '../model';
import type { DatePart } from './dates';
import * as styles from '../Desk.css';

/** A field's error under its label, wired to its control by `aria-describedby`. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={styles.errorMessage}>
      {message}
    </p>
  ) : null;
}

/**
 * A control of a dialog's form told to the form (its check, its error in the error summary, which links to
 * `id`): the value lives with the action, so that nothing typed is lost when the dialog closes or fails.
 */
export function useLinkedField(
  name: string,
  label: string,
  value: string,
  validate: (value: string) => string | undefined,
) {
  const id = `desk-${name}-${useId().replace(/:/g, '')}`;
  const field = useField({ name, id, label, defaultValue: value, normalize: false, validate });
  return { ...field, errorId: `${id}-error` };
}

export interface TextAreaFieldProps {
  name: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  required?: string;
}

/** A labelled text area, at most 2000 characters (openapi.staff.yaml), required with `required`'s message. */
export function TextAreaField({ name, label, hint, value, onChange, required }: TextAreaFieldProps) {
  const intl = useIntl();
  const field = useLinkedField(name, label, value, (text) => {
    if (required && text.trim() === '') return required;
    if (characterCount(text) > textMaxLength)
      return intl.formatMessage({ id: 'desk.tooLong' }, { field: label, max: textMaxLength });
    return undefined;
  });
  const hintId = `${field.inputId}-hint`;
  return (
    <div className={`${styles.field} ${field.error ? styles.fieldInvalid : ''}`}>
      <label htmlFor={field.inputId} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.muted}>
          {hint}
        </p>
      )}
      <FieldError id={field.errorId} message={field.error} />
      <textarea
        id={field.inputId}
        name={name}
        rows={5}
        className={styles.textarea}
        value={value}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={
          [hint ? hintId : undefined, field.error ? field.errorId : undefined].filter(Boolean).join(' ') ||
          undefined
        }
        onChange={(event) => {
          onChange(event.currentTarget.value);
          field.onChange(event.currentTarget.value);
        }}
        onBlur={field.onBlur}
      />
    </div>
  );
}

export interface ChoiceGroupProps {
  name: string;
  legend: string;
  type: 'checkbox' | 'radio';
  options: ReadonlyArray<{ value: string; label: ReactNode }>;
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** The message when nothing is chosen; `undefined` when choosing nothing is allowed (checked elsewhere). */
  validate: (selected: readonly string[]) => string | undefined;
}

/** A group of check boxes or radio buttons under a legend, its error linked from the summary to the first. */
export function ChoiceGroup({ name, legend, type, options, selected, onChange, validate }: ChoiceGroupProps) {
  const field = useLinkedField(name, legend, selected.join(','), (value) =>
    validate(value === '' ? [] : value.split(',')),
  );
  const change = (next: string[]) => {
    onChange(next);
    field.onChange(next.join(','));
  };
  return (
    <fieldset
      className={`${styles.fieldset} ${field.error ? styles.fieldInvalid : ''}`}
      aria-describedby={field.error ? field.errorId : undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      <FieldError id={field.errorId} message={field.error} />
      {options.map((option, index) => {
        const id = index === 0 ? field.inputId : `${field.inputId}-${index}`;
        const checked = selected.includes(option.value);
        return (
          <div key={option.value} className={styles.choice}>
            <input
              id={id}
              type={type}
              name={name}
              value={option.value}
              className={styles.choiceInput}
              checked={checked}
              onChange={() =>
                change(
                  type === 'radio'
                    ? [option.value]
                    : checked
                      ? selected.filter((value) => value !== option.value)
                      : [...selected, option.value],
                )
              }
            />
            <label htmlFor={id}>{option.label}</label>
          </div>
        );
      })}
    </fieldset>
  );
}

export interface SelectFieldProps {
  name: string;
  label: string;
  hint?: string;
  placeholder: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  validate: (value: string) => string | undefined;
}

/** A labelled native select with an empty first option. */
export function SelectField({
  name,
  label,
  hint,
  placeholder,
  value,
  options,
  onChange,
  validate,
}: SelectFieldProps) {
  const field = useLinkedField(name, label, value, validate);
  const hintId = `${field.inputId}-hint`;
  return (
    <div className={`${styles.field} ${field.error ? styles.fieldInvalid : ''}`}>
      <label htmlFor={field.inputId} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.muted}>
          {hint}
        </p>
      )}
      <FieldError id={field.errorId} message={field.error} />
      <select
        id={field.inputId}
        name={name}
        className={styles.input}
        value={value}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={
          [hint ? hintId : undefined, field.error ? field.errorId : undefined].filter(Boolean).join(' ') ||
          undefined
        }
        onChange={(event) => {
          onChange(event.currentTarget.value);
          field.onChange(event.currentTarget.value);
        }}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const parts: readonly DatePart[] = ['year', 'month', 'day'];

/** Digits as typed, full-width ones made half-width (docs/behaviour.md#validation), anything else dropped. */
const digits = (text: string) => text.normalize('NFKC').replace(/[^0-9]/g, '');

export interface DateFieldProps {
  name: string;
  legend: string;
  hint: string;
  value: Record<DatePart, string>;
  onChange: (value: Record<DatePart, string>) => void;
  validate: (value: Record<DatePart, string>) => string | undefined;
}

/** A date typed in its year, month and day (GOV.UK's date input): a few keys, never a calendar to pick from. */
export function DateField({ name, legend, hint, value, onChange, validate }: DateFieldProps) {
  const intl = useIntl();
  const [typed] = useState(value);
  const joined = (v: Record<DatePart, string>) => parts.map((part) => v[part]).join('/');
  const field = useLinkedField(name, legend, joined(typed), (text) => {
    const [year = '', month = '', day = ''] = text.split('/');
    return validate({ year, month, day });
  });
  const hintId = `${field.inputId}-hint`;
  return (
    <fieldset
      className={`${styles.fieldset} ${field.error ? styles.fieldInvalid : ''}`}
      aria-describedby={[hintId, field.error ? field.errorId : undefined].filter(Boolean).join(' ')}
    >
      <legend className={styles.legend}>{legend}</legend>
      <p id={hintId} className={styles.muted}>
        {hint}
      </p>
      <FieldError id={field.errorId} message={field.error} />
      <div className={styles.dateParts}>
        {parts.map((part, index) => {
          const id = index === 0 ? field.inputId : `${field.inputId}-${part}`;
          return (
            <div key={part} className={styles.field}>
              <label htmlFor={id}>{intl.formatMessage({ id: `desk.date.${part}` })}</label>
              <input
                id={id}
                className={styles.input}
                size={part === 'year' ? 5 : 3}
                inputMode="numeric"
                maxLength={part === 'year' ? 4 : 2}
                autoComplete="off"
                value={value[part]}
                aria-invalid={field.error ? true : undefined}
                onChange={(event) => {
                  const next = { ...value, [part]: digits(event.currentTarget.value) };
                  onChange(next);
                  field.onChange(joined(next));
                }}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
