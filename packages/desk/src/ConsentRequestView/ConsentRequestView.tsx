import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import { Link } from '@pre-admission/ui';
import { fileDetails } from '../ApplicationView/Documents';
import { nameOf, type DeskLists } from '../lists';
import type { StaffConsentRequest } from '../model';
import { applicantName, consentStatusMessage, consentTone, formatTime } from '../status';
import * as styles from '../Desk.css';

export interface ConsentRequestViewProps {
  request: StaffConsentRequest;
  lists: Pick<DeskLists, 'programmes' | 'teachers' | 'countries'>;
  /** The consent requests' list. */
  listHref: string;
  /** The research plan's download (`getConsentResearchPlan`, an attachment). */
  researchPlanHref: string;
  /** The answer, given or to give (`ConsentAnswer`), shown under the request's facts. */
  answer?: ReactNode;
}

/**
 * A consent request's page (getConsentRequest): who asks, for which programme, to which supervisor, when,
 * and by when an answer is due (Japan time); the answer; the applicant's message; and the research plan as a
 * download. The application itself is a draft until consent is given, so nothing here links to it.
 */
export function ConsentRequestView({
  request,
  lists,
  listHref,
  researchPlanHref,
  answer,
}: ConsentRequestViewProps) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const name = applicantName(request.applicant) || t('desk.answer.notAnswered');
  const facts: Array<[string, ReactNode]> = [
    [
      t('desk.column.status'),
      <span className={styles.status[consentTone(request.status)]}>
        {t(consentStatusMessage(request.status))}
      </span>,
    ],
    [t('desk.consent.column.applicant'), [name, request.applicant.nameJa].filter(Boolean).join('\n')],
    [t('desk.filter.nationality'), nameOf(intl, lists.countries, request.applicant.nationalityId)],
    [t('desk.filter.kind'), t(`desk.kind.${request.studentType}`)],
    [t('desk.filter.programme'), nameOf(intl, lists.programmes, request.programId)],
    [t('desk.consent.column.supervisor'), nameOf(intl, lists.teachers, request.teacherId)],
    [t('desk.consent.column.requested'), formatTime(intl, request.requestedAt)],
    [t('desk.consent.column.expires'), formatTime(intl, request.expiresAt)],
    ...(request.closedAt
      ? [[t('desk.consent.column.closed'), formatTime(intl, request.closedAt)] as [string, ReactNode]]
      : []),
  ];
  return (
    <article className={styles.root} aria-labelledby="desk-consent-title">
      <Link href={listHref} className={styles.link}>
        {t('desk.consent.back')}
      </Link>
      <h1 id="desk-consent-title" className={styles.title}>
        {t('desk.consent.request.title', { name })}
      </h1>
      <dl className={styles.summaryList}>
        {facts.map(([label, value]) => (
          <div key={label} className={styles.summaryRow}>
            <dt className={styles.summaryKey}>{label}</dt>
            <dd className={styles.summaryValue}>{value ?? t('desk.answer.notAnswered')}</dd>
          </div>
        ))}
      </dl>
      {answer}
      <section aria-labelledby="desk-consent-message">
        <h2 id="desk-consent-message" className={styles.heading}>
          {t('desk.consent.message')}
        </h2>
        <p className={styles.quote}>{request.message}</p>
      </section>
      <section aria-labelledby="desk-consent-plan">
        <h2 id="desk-consent-plan" className={styles.heading}>
          {t('desk.consent.researchPlan')}
        </h2>
        {request.researchPlan ? (
          <p className={styles.text}>
            <Link href={researchPlanHref} className={styles.link}>
              {t('desk.consent.researchPlan.download', {
                fileName: request.researchPlan.fileName,
                details: fileDetails(intl, request.researchPlan.mediaType, request.researchPlan.size),
              })}
            </Link>
          </p>
        ) : (
          <p className={styles.text}>{t('desk.consent.researchPlan.none')}</p>
        )}
      </section>
    </article>
  );
}
