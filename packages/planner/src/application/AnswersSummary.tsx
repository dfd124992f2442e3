import type { ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Application } from '@pre-admission/api';
import type { Locale, MessageId } from '@pre-admission/i18n';
import { documentSlots, type EducationEntryAnswers } from '@pre-admission/rules';
import { visuallyHidden } from '@pre-admission/ui';
import { choiceNames, countryNames, nameIn, universityName } from '../names';
import { PlannerLink } from '../TaskPage';
import * as styles from '../Planner.css';
import * as own from './Application.css';
import type { ApplicationScreenLists } from './lists';
import { sectionNames, type SectionName } from './model';
import { planOf } from './sections/ChoicesSection';

export interface AnswersSummaryProps {
  application: Application;
  lists: ApplicationScreenLists;
  locale: Locale;
  /** The account's address (the contact details' e-mail). */
  email: string | undefined;
  /** Each section's page, for its Change links; without it, no Change link (the receipt). */
  change?: { hrefOf: (section: SectionName) => string; onOpen: (section: SectionName) => void };
  /** The sections the applicant can change (a submitted application's: none). */
  changeable?: (section: SectionName) => boolean;
}

type Row = { key: string; label: string; value: ReactNode };

/** A `YYYY-MM-DD` day as it is written in the page's language, whatever the browser's time zone. */
const day = (intl: IntlShape, text: string | undefined) => {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  return intl.formatDate(new Date(`${text}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });
};

/** A `YYYY-MM` month as it is written in the page's language. */
const month = (intl: IntlShape, text: string | undefined) => {
  if (!text || !/^\d{4}-\d{2}$/.test(text)) return text;
  return intl.formatDate(new Date(`${text}-01T00:00:00Z`), {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
};

/**
 * Every answer of an application, section by section (GOV.UK summary list), what is not answered said so; on
 * "Check your answers", each with a Change link to its section. The receipt shows the same, without links: what
 * was sent.
 */
export function AnswersSummary({
  application,
  lists,
  locale,
  email,
  change,
  changeable,
}: AnswersSummaryProps) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const none = t('planner.application.notAnswered');
  const { answers } = application;
  const countries = countryNames(lists.countries, intl);
  const country = (id: number | undefined) => (id === undefined ? undefined : countries.get(id));
  const item = (
    list: ReadonlyArray<{ id: number; name: string; nameJa: string }>,
    id: number | undefined,
  ) => {
    const found = id === undefined ? undefined : list.find((entry) => entry.id === id);
    return found && nameIn(locale, found);
  };
  const joined = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(' / ') || undefined;

  const names = choiceNames(lists, planOf(application.studentType, answers.choices), intl);
  const address = answers.contact.address ?? {};
  const institution = (entry: EducationEntryAnswers) => {
    const ranked = lists.rankedUniversities.find((university) => university.id === entry.universityId);
    return ranked ? universityName(intl, ranked) : entry.institutionName;
  };
  const slots = documentSlots(lists, application.studentType, answers.choices) ?? [];
  const slotName = (kind: 'certificate' | 'material', id: number) => {
    if (kind === 'certificate') return item(lists.applicationCertificateTypes, id) ?? '';
    const requirement = lists.supplementalMaterialRequires.find((r) => r.id === id);
    return item(lists.supplementalMaterialTypes, requirement?.supplementalMaterialTypeId) ?? '';
  };

  const rows: Record<SectionName, Row[]> = {
    choices: [
      { key: 'kind', label: t('planner.task.kind'), value: t(`planner.kind.${application.studentType}`) },
      { key: 'programId', label: t('planner.task.programme'), value: names.programme },
      {
        key: 'teacherId',
        label: t('planner.task.supervisor'),
        value: names.teacher && joined(names.teacher, names.course),
      },
      {
        key: 'scholarship',
        label: t('planner.task.scholarship'),
        value: joined(names.scholarship, names.scholarshipStatus, names.financialSupport),
      },
    ],
    personal: [
      {
        key: 'familyName',
        label: t('planner.application.personal.familyName'),
        value: answers.personal.familyName,
      },
      {
        key: 'givenNames',
        label: t('planner.application.personal.givenNames'),
        value: answers.personal.givenNames,
      },
      { key: 'nameJa', label: t('planner.application.personal.nameJa'), value: answers.personal.nameJa },
      {
        key: 'dateOfBirth',
        label: t('planner.application.personal.dateOfBirth'),
        value: day(intl, answers.personal.dateOfBirth),
      },
      {
        key: 'nationalityId',
        label: t('planner.application.personal.nationality'),
        value: country(answers.personal.nationalityId),
      },
      {
        key: 'residenceCountryId',
        label: t('planner.application.personal.residence'),
        value: country(answers.personal.residenceCountryId),
      },
    ],
    contact: [
      { key: 'email', label: t('planner.application.contact.email'), value: email },
      {
        key: 'address',
        label: t('planner.application.contact.address'),
        value: address.line1 && (
          <>
            {[
              address.line1,
              address.line2,
              address.city,
              address.region,
              address.postcode,
              country(address.countryId),
            ]
              .filter(Boolean)
              .map((line, index) => (
                <span key={index}>
                  {index > 0 && <br />}
                  {line}
                </span>
              ))}
          </>
        ),
      },
      {
        key: 'telephone',
        label: t('planner.application.contact.telephone'),
        value: answers.contact.telephone,
      },
    ],
    education: answers.education.entries.map((entry, index) => ({
      key: `entry-${index}`,
      label: t('planner.application.education.entry', { number: index + 1 }),
      value: (
        <>
          {[
            joined(institution(entry), country(entry.countryId)),
            joined(
              item(lists.educationTypes, entry.educationTypeId),
              item(lists.educationSystems, entry.educationSystemId),
            ),
            entry.from &&
              t(
                entry.to
                  ? 'planner.application.education.period'
                  : 'planner.application.education.periodOngoing',
                {
                  from: month(intl, entry.from) ?? '',
                  to: month(intl, entry.to) ?? '',
                },
              ),
            joined(
              item(lists.educationCertificateCategories, entry.certificateCategoryId),
              item(lists.educationCertificateTypes, entry.certificateTypeId),
            ),
          ]
            .filter(Boolean)
            .map((line, at) => (
              <span key={at}>
                {at > 0 && <br />}
                {line}
              </span>
            ))}
        </>
      ),
    })),
    documents: slots
      .filter(
        (slot) =>
          slot.required ||
          application.documents.some((d) => d.slotKind === slot.slotKind && d.slotTypeId === slot.slotTypeId),
      )
      .map((slot) => {
        const files = application.documents.filter(
          (d) => d.slotKind === slot.slotKind && d.slotTypeId === slot.slotTypeId,
        );
        return {
          key: `${slot.slotKind}-${slot.slotTypeId}`,
          label: slotName(slot.slotKind, slot.slotTypeId),
          value:
            files.length > 0 ? (
              <ul className={styles.checklist}>
                {files.map((file) => (
                  <li key={file.id}>{file.fileName}</li>
                ))}
              </ul>
            ) : undefined,
        };
      }),
    declarations: [
      {
        key: 'informationTrue',
        label: t('planner.application.declarations.informationTrue'),
        value: answers.declarations.informationTrue
          ? t('planner.application.declarations.confirmed')
          : undefined,
      },
      {
        key: 'privacyAccepted',
        label: t('planner.application.declarations.privacyAccepted'),
        value: answers.declarations.privacyAccepted
          ? t('planner.application.declarations.confirmed')
          : undefined,
      },
    ],
  };

  return (
    <>
      {sectionNames.map((section) => {
        const title = t(`planner.application.section.${section}`);
        const headingId = `application-summary-${section}`;
        const canChange = change && (changeable?.(section) ?? true);
        return (
          <section key={section} aria-labelledby={headingId}>
            <h2 id={headingId} className={styles.sectionHeading}>
              {title}
            </h2>
            <dl className={styles.summaryList}>
              {rows[section].length === 0 && (
                <div className={styles.summaryRow}>
                  <dt className={styles.summaryKey}>{title}</dt>
                  <dd className={styles.summaryValue}>{none}</dd>
                </div>
              )}
              {rows[section].map((row) => (
                <div key={row.key} className={styles.summaryRow}>
                  <dt className={styles.summaryKey}>{row.label}</dt>
                  <dd className={styles.summaryValue}>{row.value ?? none}</dd>
                  {/* Always a third cell where there are Change links, so that every row's columns line up
                      (the kind and the account's address have none: they are not the application's to change). */}
                  {canChange && (
                    <dd className={`${styles.summaryValue} ${styles.noPrint} ${own.changeCell}`}>
                      {row.key !== 'kind' && row.key !== 'email' && (
                        <PlannerLink
                          href={change.hrefOf(section)}
                          onOpen={() => change.onOpen(section)}
                          className={styles.taskLink}
                        >
                          {t('planner.summary.change')}
                          <span className={visuallyHidden}>
                            {' '}
                            {t('planner.summary.changeTask', { task: row.label })}
                          </span>
                        </PlannerLink>
                      )}
                    </dd>
                  )}
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </>
  );
}
