import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useFormContext } from './FormContext';
import { afterPointerRelease } from './afterPointerRelease';
import { normalizeText } from './normalize';

export interface UseFieldOptions {
  name?: string;
  id?: string;
  label: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  isRequired?: boolean;
  /** Returns the error message for a value, or nothing when it is valid. Runs on blur and on submit. */
  validate?: (value: string) => string | null | undefined;
  /** An error set by the screen (e.g. from the server); shown whatever `validate` says. */
  errorMessage?: string;
  /** NFKC-normalise and trim on blur (spec 5); false for email and password fields. */
  normalize: boolean;
}

/**
 * The value, validation and error of one field: validate on blur, normalise on blur where allowed, register
 * with the enclosing Form so a submit validates it and the error summary can link to it.
 */
export function useField({
  name,
  id,
  label,
  value: controlled,
  defaultValue = '',
  onChange,
  onBlur,
  isRequired,
  validate,
  errorMessage,
  normalize,
}: UseFieldOptions) {
  const intl = useIntl();
  const form = useFormContext();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const fieldName = name ?? inputId;
  const [own, setOwn] = useState(defaultValue);
  const [ownError, setOwnError] = useState<string | undefined>();
  const value = controlled ?? own;
  // The latest value for the Form's submit handler, which runs outside render.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);

  const setValue = useCallback(
    (next: string) => {
      latest.current = next;
      setOwn(next);
      onChange?.(next);
    },
    [onChange],
  );

  const check = useCallback(
    (text: string): string | undefined => {
      // Spec 5: email and password fields keep what was typed, so only a normalised field counts blanks
      // as empty; spaces in a password are the password's business (its rules judge them).
      const empty = normalize ? text.trim() === '' : text === '';
      if (isRequired && empty) return intl.formatMessage({ id: 'ui.field.required' });
      return validate?.(text) ?? undefined;
    },
    [intl, isRequired, normalize, validate],
  );

  const commit = useCallback(() => {
    const text = normalize ? normalizeText(latest.current) : latest.current;
    if (text !== latest.current) setValue(text);
    const error = check(text);
    if (form) form.setFieldError(fieldName, error);
    else setOwnError(error);
    return error;
  }, [check, fieldName, form, normalize, setValue]);

  const commitRef = useRef(commit);
  useLayoutEffect(() => {
    commitRef.current = commit;
  }, [commit]);
  const register = form?.register;
  useEffect(
    () =>
      register?.({
        name: fieldName,
        inputId,
        label,
        commit: () => commitRef.current(),
        value: () => (normalize ? normalizeText(latest.current) : latest.current),
      }),
    [register, fieldName, inputId, label, normalize],
  );

  const error = errorMessage ?? (form ? form.errorFor(fieldName) : ownError);

  return {
    inputId,
    name: fieldName,
    value,
    error,
    onChange: (next: string) => {
      setValue(next);
      form?.edited(fieldName);
    },
    onBlur: () => {
      // The latest commit, not this render's: a submit in between may have moved the field on.
      afterPointerRelease(() => commitRef.current());
      onBlur?.();
    },
  };
}
