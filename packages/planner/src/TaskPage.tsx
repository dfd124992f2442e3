import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button, ErrorSummary, type ErrorSummaryItem } from '@pre-admission/ui';
import * as styles from './Planner.css';

export interface TaskPageProps {
  /** The page's heading (h1). */
  title: string;
  /** The errors of the last Continue (the form's own, or the server's). */
  errors: readonly ErrorSummaryItem[];
  /** Changes at each failed Continue, so the summary takes focus again. */
  errorKey: unknown;
  saving: boolean;
  onBack: () => void;
  onContinue: () => void;
  children: ReactNode;
}

/**
 * One task's page (GOV.UK): a back link to the task list, the error summary after a failed Continue, the
 * task's questions, and Continue, which saves the plan. The heading takes focus when the page opens.
 */
export function TaskPage({ title, errors, errorKey, saving, onBack, onContinue, children }: TaskPageProps) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) onContinue();
  };
  return (
    <div className={styles.root}>
      <BackLink onBack={onBack} />
      {errors.length > 0 && <ErrorSummary errors={errors} focusKey={errorKey} />}
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </h1>
      <form className={styles.form} onSubmit={submit} noValidate>
        {children}
        <div className={styles.actions}>
          <Button type="submit" isPending={saving}>
            {intl.formatMessage({ id: 'planner.continue' })}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** GOV.UK back link: back to the task list (the planner's own page, /applications). */
export function BackLink({ onBack }: { onBack: () => void }) {
  const intl = useIntl();
  return (
    <a
      href="/applications"
      className={`${styles.backLink} ${styles.noPrint}`}
      onClick={(event) => {
        event.preventDefault();
        onBack();
      }}
    >
      {intl.formatMessage({ id: 'planner.back' })}
    </a>
  );
}

export interface ChoiceProps {
  /** The name of the field (a plan field). */
  name: string;
  /** The input's id; the first choice of a field takes `planner-<field>`, the error summary's target. */
  id: string;
  type: 'radio' | 'checkbox';
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  hint?: ReactNode;
  describedBy?: string;
}

/** A radio or a check box with its label and, under it, a hint. */
export function Choice({ name, id, type, checked, onChange, label, hint, describedBy }: ChoiceProps) {
  const hintId = `${id}-hint`;
  return (
    <div className={styles.choice}>
      <input
        className={styles.choiceInput}
        type={type}
        id={id}
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-describedby={[hint ? hintId : undefined, describedBy].filter(Boolean).join(' ') || undefined}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className={styles.choiceHint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A field's error above its choices (GOV.UK), with a red bar at the side of the question. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.errorMessage}>
      {message}
    </p>
  );
}
