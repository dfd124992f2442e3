import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type FormHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { ErrorSummary } from '../ErrorSummary';
import { FormContext } from './FormContext';
import { createFormStore, type FormValidate, type FormValues } from './formStore';
import { isComposingEnter } from './normalize';
import * as styles from './Form.css';

export type { FormValidate, FormValues };

export interface FormProps extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'className' | 'style' | 'children' | 'noValidate'
> {
  children: ReactNode;
  /** Called with the normalised values when every field is valid. Not called while a field is invalid. */
  onSubmit: (values: FormValues, event: FormEvent<HTMLFormElement>) => void;
  /**
   * Rules across the form (the account kit's schemas): given every value, each field's error. Runs with
   * the field's own rules on blur and on submit; a field already checked is checked again when another
   * changes (the confirmation follows the new password).
   */
  validate?: FormValidate;
  /**
   * Errors from the server keyed by field name (docs/behaviour.md#error-catalogue: sign-in 404 on `email`,
   * 403 on `password`). Shown on the field and in the error summary, which takes focus; an error goes away
   * when its field is edited.
   */
  errors?: Readonly<Record<string, string>>;
}

/**
 * A form with the house behaviour: fields validate on blur; a submit validates every field, and with errors
 * shows the ErrorSummary at the top, focuses it (every time) and prefixes the document title; Enter that
 * confirms an input-method candidate never submits. Its state lives in one store (formStore.ts).
 *
 * The summary says what the last submit found, and changes only at the next submit (GOV.UK): were it to
 * follow each blur, the click on submit that blurs the last corrected field would see the summary vanish
 * and the button move away from under the pointer, and the first click would be lost.
 */
export function Form({ children, onSubmit, validate, errors, onKeyDownCapture, ...props }: FormProps) {
  const [store] = useState(() => createFormStore(errors));
  useLayoutEffect(() => store.setValidate(validate), [store, validate]);
  // New server errors replace the old ones and count as a failed submit: the summary takes focus again.
  const shownErrors = useRef(errors);
  useLayoutEffect(() => {
    if (errors === shownErrors.current) return;
    shownErrors.current = errors;
    store.setServerErrors(errors);
  }, [store, errors]);
  useEffect(() => store.watchPointer(document), [store]);
  useSyncExternalStore(store.subscribe, store.version, store.version);
  const { summary, attempt } = store.summary();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formData = Object.fromEntries(
      [...new FormData(event.currentTarget)].map(([key, value]) => [key, String(value)]),
    );
    const values = store.submit(formData);
    if (values) onSubmit(values, event);
  };

  // In the capture phase: react-aria fields stop keyboard events from bubbling past themselves.
  const handleKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (
      isComposingEnter({ key: event.key, keyCode: event.keyCode, isComposing: event.nativeEvent.isComposing })
    )
      event.preventDefault();
    onKeyDownCapture?.(event);
  };

  return (
    <FormContext.Provider value={store}>
      {/* Validation is ours (on blur, in the applicant's language), never the browser's bubbles. */}
      {/* method="post": should a form ever be submitted without the app (scripts off or failed), what was
          typed (a password) goes in the body, never into the address, the history or a server log. */}
      <form
        method="post"
        {...props}
        className={styles.form}
        noValidate
        onSubmit={handleSubmit}
        onKeyDownCapture={handleKeyDown}
      >
        {attempt > 0 && summary.length > 0 && <ErrorSummary errors={summary} focusKey={attempt} />}
        {children}
      </form>
    </FormContext.Provider>
  );
}
