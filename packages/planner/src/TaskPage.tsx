import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { PlanField } from '@pre-admission/rules';
import { Button, Form, useField } from '@pre-admission/ui';
import * as styles from './Planner.css';

export interface TaskPageProps {
  /** The page's heading (h1). */
  title: string;
  /**
   * The errors of the last Continue (a required answer missing, or the server's refusal) by plan field, and
   * under `formError` those about no field. A new object is a new failed Continue: the summary takes focus.
   */
  errors: Readonly<Record<string, string>>;
  /** This task's fields, in page order: the summary links each one's error to its first choice. */
  fields: readonly PlanField[];
  saving: boolean;
  /** What saving would clear, above the button; said by the page's live region as it appears. */
  warning?: ReactNode;
  /** The task list's address: the back link's href, for a new tab or no JavaScript. */
  backHref: string;
  onBack: () => void;
  onContinue: () => void;
  children: ReactNode;
}

/** The key of an error about no field (a refusal without fields, a failed save, too many requests). */
export const formError = 'form';

/**
 * One task's page (GOV.UK): a back link to the task list, the error summary after a failed Continue, the
 * task's questions, and Continue, which saves the plan. The heading takes focus when the page opens.
 *
 * The ui Form owns the submit and the error summary (its focus, its order, the links to the fields), as on
 * the account screens. The heading stands inside the form so that the summary still comes first, above it.
 */
export function TaskPage({
  title,
  errors,
  fields,
  saving,
  warning,
  backHref,
  onBack,
  onContinue,
  children,
}: TaskPageProps) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.root}>
      <BackLink href={backHref} onBack={onBack} />
      <Form errors={errors} onSubmit={() => !saving && onContinue()}>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        {fields.map((field) => (
          <SummaryLink key={field} field={field} />
        ))}
        {children}
        {/* Always there, so that a warning that appears in it is announced (a live region added with its
            text is not). */}
        <div role="status">{warning}</div>
        <div className={styles.actions}>
          <Button type="submit" isPending={saving}>
            {intl.formatMessage({ id: 'planner.continue' })}
          </Button>
        </div>
      </Form>
    </div>
  );
}

/**
 * Tells the Form of one of the task's fields, so that the summary links its error to the field's first
 * choice (`planner-<field>`) and names the field first, as the account forms' summaries do ("出願区分：…").
 * `name`: the error's key where it is not the plan's field (an application's `choices.programId`).
 * The choices are native radios and check boxes the task draws itself.
 */
export function SummaryLink({ field, name }: { field: PlanField; name?: string }) {
  const intl = useIntl();
  useField({
    name: name ?? field,
    id: `planner-${field}`,
    label: intl.formatMessage({ id: `planner.field.${field}` }),
    normalize: false,
  });
  return null;
}

/**
 * A link to one of the planner's pages: a real address (a new tab, a copied link, no JavaScript), which a
 * plain click opens through the app's router instead of reloading the site.
 */
export function PlannerLink({
  href,
  onOpen,
  className,
  children,
  ...aria
}: {
  href: string;
  onOpen: () => void;
  className?: string;
  children: ReactNode;
  'aria-describedby'?: string;
}) {
  return (
    <a
      href={href}
      className={className}
      {...aria}
      onClick={(event) => {
        // A click with a modifier (a new tab or window) or another button is the browser's.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
    </a>
  );
}

/** GOV.UK back link: back to the task list (the planner's own page). */
export function BackLink({ href, onBack }: { href: string; onBack: () => void }) {
  const intl = useIntl();
  return (
    <PlannerLink href={href} onOpen={onBack} className={`${styles.backLink} ${styles.noPrint}`}>
      {intl.formatMessage({ id: 'planner.back' })}
    </PlannerLink>
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
