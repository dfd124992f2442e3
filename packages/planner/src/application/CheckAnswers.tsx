import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { FieldProblem } from '@pre-admission/rules';
import { Button, ErrorSummary, type ErrorSummaryItem } from '@pre-admission/ui';
import { PlannerLink } from '../TaskPage';
import * as styles from '../Planner.css';
import { AnswersSummary, type AnswersSummaryProps } from './AnswersSummary';
import type { ConsentTaskStatus } from './consent';
import { fieldId, type SectionName } from './model';
import type { Submittable } from './PeriodNotice';
import { fieldLabel, problemMessage } from './problems';
import { ApplicationBackLink } from './SectionPage';

export interface CheckAnswersProps extends Omit<AnswersSummaryProps, 'change'> {
  /** What stops the submission, on the screen's check (`submissionProblems`): named, each linking to its section. */
  missing: readonly FieldProblem[];
  /** The period notice (PeriodNotice). */
  period: ReactNode;
  /**
   * The supervisor's consent, where the programme option requires it and it is not given yet (its task's
   * status): it stops the submission like a missing answer, and links to its page.
   */
  consent?: { status: Exclude<ConsentTaskStatus, 'accepted'>; href: string; onOpen: () => void } | undefined;
  /** Whether a period of the programme is open now (the server decides in the end). */
  submittable: Submittable;
  /** When the next period opens, in Japan time, if one is announced. */
  opensAt?: string | undefined;
  /** The last submission's failure (a 400's fields, a 409, no answer): the error summary. */
  failure?: { readonly items: readonly ErrorSummaryItem[]; readonly attempt: number } | undefined;
  submitting: boolean;
  onSubmit: () => void;
  hrefOf: (section: SectionName) => string;
  /** Opens a section; with a field's path (a missing answer's link), the field takes focus there. */
  onOpen: (section: SectionName, path?: string) => void;
  backHref: string;
  onBack: () => void;
}

/**
 * "Check your answers and submit" (GOV.UK): every answer with a Change link to its section, what is still
 * missing named, and Submit, offered only while the programme's period is open and nothing is missing;
 * otherwise the page says what to do or when applications open. The server checks everything again: its
 * refusal comes back in the error summary, each field linking to its section.
 */
export function CheckAnswers({
  missing,
  consent,
  period,
  submittable,
  opensAt,
  failure,
  submitting,
  onSubmit,
  hrefOf,
  onOpen,
  backHref,
  onBack,
  ...summary
}: CheckAnswersProps) {
  const intl = useIntl();
  const { lists } = summary;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const submitHeading = useRef<HTMLHeadingElement>(null);
  const section = (path: string) => path.split('.')[0] as SectionName;
  const missingId = 'application-check-missing';
  const consentId = 'application-check-consent';
  const ready = missing.length === 0 && !consent && submittable === 'open';

  return (
    <div className={styles.root}>
      <ApplicationBackLink href={backHref} onBack={onBack} />
      {failure && failure.items.length > 0 && (
        <ErrorSummary errors={failure.items} focusKey={failure.attempt} />
      )}
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {intl.formatMessage({ id: 'planner.application.section.check' })}
      </h1>
      {period}
      {missing.length > 0 && (
        <section aria-labelledby={missingId} className={styles.inset}>
          <h2 id={missingId} className={styles.sectionHeading}>
            {intl.formatMessage({ id: 'planner.application.check.missing' }, { count: missing.length })}
          </h2>
          <ul className={styles.list}>
            {missing.map((problem) => (
              <li key={`${problem.field}-${problem.code}`}>
                <PlannerLink
                  href={`${hrefOf(section(problem.field))}#${fieldId(problem.field)}`}
                  onOpen={() => onOpen(section(problem.field), problem.field)}
                  className={styles.taskLink}
                >
                  {intl.formatMessage(
                    { id: 'ui.errorSummary.item' },
                    {
                      label: fieldLabel(intl, lists, problem.field),
                      message: problemMessage(intl, problem.field, problem.code),
                    },
                  )}
                </PlannerLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      {consent && (
        <section aria-labelledby={consentId} className={styles.inset}>
          <h2 id={consentId} className={styles.sectionHeading}>
            {intl.formatMessage({ id: 'planner.application.section.consent' })}
          </h2>
          <p className={styles.text}>
            {intl.formatMessage({ id: 'planner.application.check.consent' }, { status: consent.status })}
          </p>
          <PlannerLink href={consent.href} onOpen={consent.onOpen} className={styles.taskLink}>
            {intl.formatMessage({ id: 'planner.application.check.consentLink' })}
          </PlannerLink>
        </section>
      )}
      <AnswersSummary {...summary} change={{ hrefOf, onOpen }} />
      <section aria-labelledby="application-check-submit">
        <h2 ref={submitHeading} tabIndex={-1} id="application-check-submit" className={styles.sectionHeading}>
          {intl.formatMessage({ id: 'planner.application.check.submitTitle' })}
        </h2>
        {ready ? (
          <SubmitArea focusOnRemoval={submitHeading}>
            <p className={styles.text}>
              {intl.formatMessage({ id: 'planner.application.check.submitText' })}
            </p>
            <div className={styles.actions}>
              <Button isPending={submitting} onPress={() => !submitting && onSubmit()}>
                {intl.formatMessage({ id: 'planner.application.check.submit' })}
              </Button>
            </div>
          </SubmitArea>
        ) : (
          <p className={styles.text}>
            {missing.length > 0
              ? intl.formatMessage({ id: 'planner.application.check.notReady' })
              : consent
                ? intl.formatMessage({ id: 'planner.application.check.consentFirst' })
                : submittable === 'upcoming' && opensAt
                  ? intl.formatMessage({ id: 'planner.application.check.opensLater' }, { opens: opensAt })
                  : submittable === 'closed'
                    ? intl.formatMessage({ id: 'planner.application.check.closed' })
                    : intl.formatMessage({ id: 'planner.application.check.noPeriod' })}
          </p>
        )}
      </section>
    </div>
  );
}

/**
 * Submit and its text, offered while the period is open. When they go with focus on them (the period closed
 * while the page was open), focus moves to `focusOnRemoval`, the section's heading, before the browser would
 * drop it to the top of the page: a layout effect's clean-up runs while the removed nodes are still there.
 */
function SubmitArea({
  focusOnRemoval,
  children,
}: {
  focusOnRemoval: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const area = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = area.current;
    const target = focusOnRemoval.current;
    return () => {
      if (element?.contains(document.activeElement)) target?.focus();
    };
  }, [focusOnRemoval]);
  return (
    <div ref={area} className={styles.root}>
      {children}
    </div>
  );
}
