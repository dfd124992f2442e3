import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button, Form } from '@pre-admission/ui';
import { PlannerLink } from '../TaskPage';
import * as styles from '../Planner.css';

export interface SectionPageProps {
  /** The page's heading (h1): the section's name. */
  title: string;
  /** What the page asks, under the heading. */
  lead?: ReactNode;
  /**
   * The last save's errors by field path (`personal.dateOfBirth`), and under `form` those about no field. A
   * new object is a new failed save: the error summary takes focus.
   */
  errors: Readonly<Record<string, string>>;
  /** Its answers include some typed but not saved before a reload, kept in the tab (./sectionDrafts.ts): say so. */
  restored?: boolean;
  saving: boolean;
  /** A section the applicant can no longer change (submitted, not reopened): its answers, no button. */
  readOnly?: boolean;
  /** The application's task list: the back link. */
  backHref: string;
  onBack: () => void;
  onSave: () => void;
  children: ReactNode;
}

/**
 * One section of an application (GOV.UK task list pattern): a back link to the application's task list, the
 * error summary after a failed save, the questions, and "Save and continue", which saves the section and goes
 * to the next one. The heading takes focus when the page opens; the ui Form owns the summary and its links.
 */
export function SectionPage({
  title,
  lead,
  errors,
  restored = false,
  saving,
  readOnly = false,
  backHref,
  onBack,
  onSave,
  children,
}: SectionPageProps) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.root}>
      <ApplicationBackLink href={backHref} onBack={onBack} />
      <Form errors={errors} onSubmit={() => !saving && !readOnly && onSave()}>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        {lead && <p className={styles.text}>{lead}</p>}
        {restored && !readOnly && (
          <p className={styles.inset}>
            {intl.formatMessage(
              { id: 'planner.application.restored' },
              { button: intl.formatMessage({ id: 'planner.continue' }) },
            )}
          </p>
        )}
        {readOnly && (
          <p className={styles.inset}>{intl.formatMessage({ id: 'planner.application.readOnly' })}</p>
        )}
        {readOnly ? (
          // Disabled as a whole: every answer is shown as it was sent, and none can be changed.
          <fieldset className={styles.fieldset} disabled>
            {children}
          </fieldset>
        ) : (
          children
        )}
        {!readOnly && (
          <div className={styles.actions}>
            <Button type="submit" isPending={saving}>
              {intl.formatMessage({ id: 'planner.continue' })}
            </Button>
          </div>
        )}
      </Form>
    </div>
  );
}

/** Back to the application's task list (its own page). */
export function ApplicationBackLink({ href, onBack }: { href: string; onBack: () => void }) {
  const intl = useIntl();
  return (
    <PlannerLink href={href} onOpen={onBack} className={`${styles.backLink} ${styles.noPrint}`}>
      {intl.formatMessage({ id: 'planner.application.back' })}
    </PlannerLink>
  );
}

export interface DocumentsPageProps {
  /** The page's heading (h1): the section's name. */
  title: string;
  /** The application's task list: the back link. */
  backHref: string;
  onBack: () => void;
  /** The next section: the documents are stored file by file as they upload, so going on saves nothing. */
  onContinue: () => void;
  /** The documents section itself (the app's `DocumentsSection`). */
  children: ReactNode;
}

/**
 * The documents' page of an application: the section pages' frame (the back link, the heading that takes focus,
 * "Continue" to the next section) around the documents section. No form of its own: each file is stored as it
 * uploads, and the section's own controls (file buttons, removal dialogs) are not a form's fields.
 */
export function DocumentsPage({ title, backHref, onBack, onContinue, children }: DocumentsPageProps) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.root}>
      <ApplicationBackLink href={backHref} onBack={onBack} />
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </h1>
      {children}
      <div className={styles.actions}>
        <Button onPress={onContinue}>{intl.formatMessage({ id: 'planner.continue' })}</Button>
      </div>
    </div>
  );
}
