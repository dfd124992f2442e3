import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useIntl } from 'react-intl';
import { useFormStore } from './FormContext';
import { createFormStore } from './formStore';

export interface UseFieldOptions {
  name?: string;
  id?: string;
  label: string;
  defaultValue?: string;
  /** Told of every change of the value, typed or normalised on blur. */
  onChange?: (value: string) => void;
  onBlur?: () => void;
  isRequired?: boolean;
  /** Returns the error message for a value, or nothing when it is valid. Runs on blur and on submit. */
  validate?: (value: string) => string | null | undefined;
  /** An error set by the screen; shown whatever `validate` says. */
  errorMessage?: string;
  /** NFKC-normalise and trim on blur (docs/behaviour.md#validation); false for e-mail and password fields. */
  normalize: boolean;
}

/**
 * One field's view of its form's store: its value and error, and the handlers that change them. The store
 * (the enclosing Form's, or the field's own outside a form) owns the state: validate on blur, normalise
 * on blur where allowed, submit checks every field, the summary links to it.
 */
export function useField({
  name,
  id,
  label,
  defaultValue,
  onChange,
  onBlur,
  isRequired,
  validate,
  errorMessage,
  normalize,
}: UseFieldOptions) {
  const intl = useIntl();
  const form = useFormStore();
  const [own] = useState(() => (form ? null : createFormStore()));
  const store = form ?? own;
  if (!store) throw new Error('A field needs a store');
  useEffect(() => own?.watchPointer(document), [own]);

  const generatedId = useId();
  const inputId = id ?? generatedId;
  const fieldName = name ?? inputId;

  const check = (text: string): string | undefined => {
    // docs/behaviour.md#validation: e-mail and password fields keep what was typed, so only a normalised
    // field counts blanks as empty; spaces in a password are the password's business (its rules judge them).
    const empty = normalize ? text.trim() === '' : text === '';
    if (isRequired && empty) return intl.formatMessage({ id: 'ui.field.required' });
    return validate?.(text) ?? undefined;
  };
  // The store calls the latest rules, not those of the render that registered the field.
  const checkRef = useRef(check);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    checkRef.current = check;
    onChangeRef.current = onChange;
  });
  const defaultRef = useRef(defaultValue);
  useEffect(
    () =>
      store.register(
        {
          name: fieldName,
          inputId,
          label,
          normalize,
          check: (text) => checkRef.current(text),
          // The screen hears of a value normalised on blur as of a typed one.
          normalised: (text) => onChangeRef.current?.(text),
        },
        defaultRef.current,
      ),
    [store, fieldName, inputId, label, normalize],
  );

  const value = useSyncExternalStore(
    store.subscribe,
    () => store.valueOf(fieldName),
    () => undefined,
  );
  const stored = useSyncExternalStore(
    store.subscribe,
    () => store.errorOf(fieldName),
    () => undefined,
  );

  const change = useCallback(
    (next: string) => {
      store.change(fieldName, next);
      onChangeRef.current?.(next);
    },
    [store, fieldName],
  );

  return {
    inputId,
    name: fieldName,
    value: value ?? defaultValue ?? '',
    error: errorMessage ?? stored,
    onChange: change,
    onBlur: () => {
      store.blur(fieldName);
      onBlur?.();
    },
  };
}
