import type { ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import { nameOf, type DeskLists } from '../lists';
import { sections, type ApplicationSection, type StaffApplication } from '../model';
import { Documents, type DocumentLinks } from './Documents';
import * as styles from '../Desk.css';

export interface AnswersProps extends DocumentLinks {
  application: StaffApplication;
  lists: DeskLists;
}

type Row = { key: string; label: string; value: ReactNode };

/** A `YYYY-MM-DD` day as written in the page's language, whatever the browser's time zone. */
const day = (intl: IntlShape, text: string | undefined) =>
  text && /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? intl.formatDate(new Date(`${text}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' })
    : text;

/** A `YYYY-MM` month as written in the page's language. */
const month = (intl: IntlShape, text: string | undefined) =>
  text && /^\d{4}-\d{2}$/.test(text)
    ? intl.formatDate(new Date(`${text}-01T00:00:00Z`), { year: 'numeric', month: 'long', timeZone: 'UTC' })
    : text;

const lines = (...parts: Array<string | undefined>) => parts.filter(Boolean).join('\n') || undefined;
const joined = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(' / ') || undefined;

/**
 * Every answer of an application, section by section, as packages/planner's AnswersSummary reads them to the
 * applicant (GOV.UK summary list; what is not answered is said so), without Change links: the desk reads.
 */
export function Answers({ application, lists, documentHref, previewHref, archiveHref }: AnswersProps) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { answers } = application;
  const country = (id: number | undefined) => nameOf(intl, lists.countries, id);
  const address = answers.contact.address ?? {};
  const teacherCourse = joined(
    nameOf(intl, lists.teachers, answers.choices.teacherId),
    nameOf(intl, lists.courses, application.courseId),
  );

  const rows: Record<Exclude<ApplicationSection, 'documents'>, Row[]> = {
    choices: [
      { key: 'kind', label: t('desk.filter.kind'), value: t(`desk.kind.${application.studentType}`) },
      {
        key: 'programme',
        label: t('desk.filter.programme'),
        value: nameOf(intl, lists.programmes, answers.choices.programId),
      },
      { key: 'supervisor', label: t('desk.answer.supervisor'), value: teacherCourse },
      {
        key: 'scholarship',
        label: t('desk.answer.scholarship'),
        value: joined(
          nameOf(intl, lists.scholarships, answers.choices.scholarshipTypeId),
          nameOf(intl, lists.scholarshipStatuses, answers.choices.scholarshipStatusId),
          nameOf(intl, lists.financialSupports, answers.choices.financialSupportId),
        ),
      },
    ],
    personal: [
      { key: 'familyName', label: t('desk.answer.familyName'), value: answers.personal.familyName },
      { key: 'givenNames', label: t('desk.answer.givenNames'), value: answers.personal.givenNames },
      { key: 'nameJa', label: t('desk.answer.nameJa'), value: answers.personal.nameJa },
      {
        key: 'dateOfBirth',
        label: t('desk.answer.dateOfBirth'),
        value: day(intl, answers.personal.dateOfBirth),
      },
      {
        key: 'nationality',
        label: t('desk.filter.nationality'),
        value: country(answers.personal.nationalityId),
      },
      {
        key: 'residence',
        label: t('desk.answer.residence'),
        value: country(answers.personal.residenceCountryId),
      },
    ],
    contact: [
      {
        key: 'address',
        label: t('desk.answer.address'),
        value:
          address.line1 &&
          lines(
            address.line1,
            address.line2,
            address.city,
            address.region,
            address.postcode,
            country(address.countryId),
          ),
      },
      { key: 'telephone', label: t('desk.answer.telephone'), value: answers.contact.telephone },
    ],
    education: answers.education.entries.map((entry, index) => {
      const school =
        entry.universityId !== undefined
          ? nameOf(intl, lists.universities, entry.universityId)
          : entry.institutionName;
      return {
        key: `entry-${index}`,
        label: t('desk.answer.education', { number: index + 1 }),
        value: lines(
          school && entry.countryId !== undefined
            ? t('desk.answer.institution', { name: school, country: country(entry.countryId) ?? '' })
            : (school ?? country(entry.countryId)),
          joined(
            nameOf(intl, lists.educationTypes, entry.educationTypeId),
            nameOf(intl, lists.educationSystems, entry.educationSystemId),
          ),
          entry.from &&
            (entry.to
              ? t('desk.answer.period', {
                  from: month(intl, entry.from) ?? '',
                  to: month(intl, entry.to) ?? '',
                })
              : t('desk.answer.periodOngoing', { from: month(intl, entry.from) ?? '' })),
          joined(
            nameOf(intl, lists.certificateCategories, entry.certificateCategoryId),
            nameOf(intl, lists.certificateTypes, entry.certificateTypeId),
          ),
        ),
      };
    }),
    declarations: [
      {
        key: 'informationTrue',
        label: t('desk.answer.informationTrue'),
        value: answers.declarations.informationTrue ? t('desk.answer.confirmed') : undefined,
      },
      {
        key: 'privacyAccepted',
        label: t('desk.answer.privacyAccepted'),
        value: answers.declarations.privacyAccepted ? t('desk.answer.confirmed') : undefined,
      },
    ],
  };

  return (
    <>
      {sections.map((section) => {
        const title = t(`desk.section.${section}`);
        return (
          // Not a landmark (no name): the documents' table is one of its own, named like its section.
          <section key={section}>
            <h3 className={styles.subheading}>{title}</h3>
            {section === 'documents' ? (
              <Documents
                application={application}
                lists={lists}
                documentHref={documentHref}
                previewHref={previewHref}
                archiveHref={archiveHref}
              />
            ) : (
              <dl className={styles.summaryList}>
                {rows[section].length === 0 && (
                  <div className={styles.summaryRow}>
                    <dt className={styles.summaryKey}>{title}</dt>
                    <dd className={styles.summaryValue}>{t('desk.answer.notAnswered')}</dd>
                  </div>
                )}
                {rows[section].map((row) => (
                  <div key={row.key} className={styles.summaryRow}>
                    <dt className={styles.summaryKey}>{row.label}</dt>
                    <dd className={styles.summaryValue}>{row.value ?? t('desk.answer.notAnswered')}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
        );
      })}
    </>
  );
}
