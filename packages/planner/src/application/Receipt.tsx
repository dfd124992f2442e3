import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import * as styles from '../Planner.css';
import { BackLink } from '../TaskPage';
import * as own from './Application.css';
import { AnswersSummary, type AnswersSummaryProps } from './AnswersSummary';
import { inJapan } from './times';

export interface ReceiptProps extends Omit<AnswersSummaryProps, 'change' | 'changeable'> {
  /** The application plan (the planner's task list), where the applicant goes on from here. */
  planHref: string;
  onPlan: () => void;
}

/**
 * The receipt of a submitted application: its reference number large and spaced, to read out on the
 * telephone; when it was submitted, in Japan time; that a receipt mail went to the account's address; and every
 * answer as it was sent.
 */
export function Receipt({ planHref, onPlan, ...summary }: ReceiptProps) {
  const intl = useIntl();
  const { application, email } = summary;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const groups = application.reference?.split('-') ?? [];
  return (
    <div className={styles.root}>
      <BackLink href={planHref} onBack={onPlan} />
      <div className={styles.notice}>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          {intl.formatMessage({ id: 'planner.application.receipt.title' })}
        </h1>
        <p className={styles.text}>{intl.formatMessage({ id: 'planner.application.receipt.number' })}</p>
        {/* The groups apart and each character spaced (a copy gives back the written form: readReference
            takes spaces as the hyphens). */}
        <p className={own.reference}>{groups.join(' ')}</p>
      </div>
      {application.submittedAt && (
        <p className={styles.text}>
          {intl.formatMessage(
            { id: 'planner.application.receipt.submittedAt' },
            { date: inJapan(intl, application.submittedAt) },
          )}
        </p>
      )}
      <p className={styles.text}>
        {intl.formatMessage({ id: 'planner.application.receipt.mail' }, { email: email ?? '' })}
      </p>
      <p className={styles.text}>{intl.formatMessage({ id: 'planner.application.receipt.keep' })}</p>
      <h2 className={styles.sectionHeading}>
        {intl.formatMessage({ id: 'planner.application.receipt.sent' })}
      </h2>
      <AnswersSummary {...summary} />
    </div>
  );
}
