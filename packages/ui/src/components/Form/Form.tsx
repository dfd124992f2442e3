import {
  useCallback,
  useMemo,
  useState,
  type FormEvent,
  type FormHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { ErrorSummary, type ErrorSummaryItem } from '../ErrorSummary';
import { FormContext, type FieldRegistration, type FormContextValue } from './FormContext';
import { isComposingEnter } from './normalize';
import * as styles from './Form.css';

export type FormValues = Record<string, string>;

export interface FormProps extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'className' | 'style' | 'children' | 'noValidate'
> {
  children: ReactNode;
  /** Called with the normalised values when every field is valid. Not called while a field is invalid. */
  onSubmit: (values: FormValues, event: FormEvent<HTMLFormElement>) => void;
  /**
   * Errors from the server keyed by field name (spec 8: sign-in 404 on `email`, 403 on `password`). Shown on
   * the field and in the error summary, which takes focus; an error goes away when its field is edited.
   */
  errors?: Readonly<Record<string, string>>;
}

/**
 * A form with the house behaviour: fields validate on blur; a submit validates every field, and with errors
 * shows the ErrorSummary at the top, focuses it (every time) and prefixes the document title; Enter that
 * confirms an input-method candidate never submits.
 */
export function Form({ children, onSubmit, errors, onKeyDownCapture, ...props }: FormProps) {
  // In mount order, which is the order on the page: the error summary lists errors in that order.
  const [fields, setFields] = useState<readonly FieldRegistration[]>([]);
  const [clientErrors, setClientErrors] = useState<Record<string, string | undefined>>({});
  const [serverErrors, setServerErrors] = useState<Readonly<Record<string, string>>>(errors ?? {});
  const [lastErrors, setLastErrors] = useState(errors);
  const [attempt, setAttempt] = useState(0);
  // The summary says what the last submit found, and changes only at the next submit (GOV.UK): were it to
  // follow each blur, the click on submit that blurs the last corrected field would see the summary vanish
  // and the button move away from under the pointer, and the first click would be lost.
  const [summary, setSummary] = useState<readonly ErrorSummaryItem[]>([]);

  // New server errors replace the old ones and count as a failed submit: the summary takes focus again.
  if (errors !== lastErrors) {
    setLastErrors(errors);
    setServerErrors(errors ?? {});
    setSummary(summarise(fields, errors ?? {}));
    if (errors && Object.keys(errors).length > 0) setAttempt((n) => n + 1);
  }

  const register = useCallback((field: FieldRegistration) => {
    setFields((list) => {
      const at = list.findIndex(({ name }) => name === field.name);
      return at === -1 ? [...list, field] : list.map((old, index) => (index === at ? field : old));
    });
    return () => setFields((list) => list.filter((registered) => registered !== field));
  }, []);
  const setFieldError = useCallback(
    (name: string, error: string | undefined) =>
      setClientErrors((all) => (all[name] === error ? all : { ...all, [name]: error })),
    [],
  );
  const edited = useCallback(
    (name: string) =>
      setServerErrors((all) => {
        if (!(name in all)) return all;
        const { [name]: _removed, ...rest } = all;
        return rest;
      }),
    [],
  );
  const context = useMemo<FormContextValue>(
    () => ({
      register,
      setFieldError,
      edited,
      errorFor: (name) => clientErrors[name] ?? serverErrors[name],
    }),
    [register, setFieldError, edited, clientErrors, serverErrors],
  );

  const handleSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const values = Object.fromEntries(
        [...new FormData(event.currentTarget)].map(([key, value]) => [key, String(value)]),
      );
      const found: Record<string, string | undefined> = {};
      for (const field of fields) {
        found[field.name] = field.commit();
        values[field.name] = field.value();
      }
      setClientErrors(found);
      setServerErrors({});
      const summaryNow = summarise(fields, found);
      setSummary(summaryNow);
      if (summaryNow.length > 0) {
        setAttempt((n) => n + 1);
        return;
      }
      onSubmit(values, event);
    },
    [fields, onSubmit],
  );

  // In the capture phase: react-aria fields stop keyboard events from bubbling past themselves.
  const handleKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (
      isComposingEnter({ key: event.key, keyCode: event.keyCode, isComposing: event.nativeEvent.isComposing })
    )
      event.preventDefault();
    onKeyDownCapture?.(event);
  };

  return (
    <FormContext.Provider value={context}>
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

/** The summary of one submit: each field's error in page order, then errors about fields this form lacks. */
function summarise(
  fields: readonly FieldRegistration[],
  errors: Readonly<Record<string, string | undefined>>,
): ErrorSummaryItem[] {
  return [
    ...fields.flatMap(({ name, inputId, label }) => {
      const message = errors[name];
      return message ? [{ message, fieldId: inputId, label }] : [];
    }),
    // A server error about a field this form does not have still needs saying.
    ...Object.entries(errors)
      .filter(([name, message]) => message && !fields.some((field) => field.name === name))
      .map(([, message]) => ({ message: message as string, fieldId: undefined })),
  ];
}
