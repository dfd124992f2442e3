import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Locale, MessageId } from '@pre-admission/i18n';
import { Link } from '@pre-admission/ui';
import type { DeskLists } from '../lists';
import type { StaffApplication } from '../model';
import { formatDay, formatTime, statusMessage, statusTone } from '../status';
import { Answers } from './Answers';
import type { DocumentLinks } from './Documents';
import { History, Notes } from './History';
import { Screening } from './Screening';
import * as styles from '../Desk.css';

export interface ApplicationViewProps extends DocumentLinks {
  application: StaffApplication;
  lists: DeskLists;
  /** The page's language: a decision's reason is stored in both. */
  locale: Locale;
  /** The list, with the filters it had (the app's address). */
  listHref: string;
  /** The desk's actions for this application (`ApplicationActions`), shown under its facts. */
  actions?: ReactNode;
}

/**
 * An application's page on the desk (getStaffApplication): its facts, what is open to the applicant or the
 * decision, the export-control screening (the desk's only), the actions, every section's answers, the documents with their preview and download links, the
 * history, and the internal notes, marked as never shown to the applicant.
 */
export function ApplicationView({
  application,
  lists,
  locale,
  listHref,
  actions,
  documentHref,
  previewHref,
  archiveHref,
}: ApplicationViewProps) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const name = [application.answers.personal.familyName, application.answers.personal.givenNames]
    .filter(Boolean)
    .join(' ');
  const facts: Array<[string, ReactNode]> = [
    [
      t('desk.column.status'),
      <span className={styles.status[statusTone(application.status)]}>
        {t(statusMessage(application.status))}
      </span>,
    ],
    [t('desk.column.name'), name || t('desk.answer.notAnswered')],
    [t('desk.filter.kind'), t(`desk.kind.${application.studentType}`)],
    [t('desk.column.submitted'), application.submittedAt && formatDay(intl, application.submittedAt)],
    [t('desk.application.updated'), formatTime(intl, application.updatedAt)],
  ];
  const reopened = application.status === 'returned' ? application.reopened : undefined;
  const reopenedFiles = application.documents.filter((d) => reopened?.documentIds.includes(d.id));
  return (
    <article className={styles.root} aria-labelledby="desk-application-title">
      <Link href={listHref} className={styles.link}>
        {t('desk.application.back')}
      </Link>
      <h1 id="desk-application-title" className={styles.title}>
        {intl.formatMessage(
          { id: 'desk.application.title' },
          {
            reference: (
              <span key="reference" className={styles.nowrap}>
                {application.reference ?? t('desk.list.noReference')}
              </span>
            ),
          },
        )}
      </h1>
      <dl className={styles.summaryList}>
        {facts.map(([label, value]) => (
          <div key={label} className={styles.summaryRow}>
            <dt className={styles.summaryKey}>{label}</dt>
            <dd className={styles.summaryValue}>{value ?? t('desk.answer.notAnswered')}</dd>
          </div>
        ))}
      </dl>
      {reopened && (
        <div className={styles.notice}>
          <p className={styles.text}>
            {t('desk.application.reopened', { due: formatTime(intl, reopened.dueAt) })}
          </p>
          <ul className={styles.text}>
            {reopened.sections.map((section) => (
              <li key={section}>{t(`desk.section.${section}`)}</li>
            ))}
            {reopenedFiles.map((file) => (
              <li key={file.id}>{file.fileName}</li>
            ))}
          </ul>
          <p className={styles.quote}>{reopened.message}</p>
        </div>
      )}
      {application.decision && (
        <section className={styles.notice} aria-labelledby="desk-application-decision">
          <h2 id="desk-application-decision" className={styles.heading}>
            {t('desk.application.decision')}
          </h2>
          <p className={styles.text}>
            <strong>
              {t(
                application.decision.outcome === 'accepted'
                  ? 'desk.decision.accepted'
                  : 'desk.decision.notAccepted',
              )}
            </strong>
          </p>
          {application.decision.reason && (
            <p className={styles.text}>
              {t('desk.history.reason', { reason: application.decision.reason[locale] })}
            </p>
          )}
          {application.decision.message && <p className={styles.quote}>{application.decision.message}</p>}
        </section>
      )}
      {application.screening && <Screening screening={application.screening} countries={lists.countries} />}
      {actions}
      <section aria-labelledby="desk-application-answers" className={styles.root}>
        <h2 id="desk-application-answers" className={styles.heading}>
          {t('desk.application.answers')}
        </h2>
        <Answers
          application={application}
          lists={lists}
          documentHref={documentHref}
          previewHref={previewHref}
          archiveHref={archiveHref}
        />
      </section>
      <section aria-labelledby="desk-application-history">
        <h2 id="desk-application-history" className={styles.heading}>
          {t('desk.history.title')}
        </h2>
        <History
          history={application.history}
          consentSteps={application.consentSteps}
          teachers={lists.teachers}
          locale={locale}
        />
      </section>
      <section aria-labelledby="desk-application-notes" className={styles.internal}>
        <h2 id="desk-application-notes" className={styles.heading}>
          {t('desk.notes.title')}
        </h2>
        <p className={styles.text}>
          <strong>{t('desk.notes.private')}</strong>
        </p>
        <Notes notes={application.notes} />
      </section>
    </article>
  );
}
