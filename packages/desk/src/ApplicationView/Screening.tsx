import { useIntl, type IntlShape } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import { nameOf, type DeskLists } from '../lists';
import type { StaffScreening } from '../model';
import { actorName, formatTime } from '../status';
import * as styles from '../Desk.css';

/** A country's export-control groups as the countries list holds them (Group D makes the result "needs review"). */
function groupsMessage({ isGroupA, isGroupD }: StaffScreening['countries'][number]): MessageId {
  if (isGroupD) return isGroupA ? 'desk.screening.group.both' : 'desk.screening.group.d';
  return isGroupA ? 'desk.screening.group.a' : 'desk.screening.group.none';
}

/** The weapon concerns as the list names them, with their codes: a list of terms, not a sentence ("and"). */
const concernList = (intl: IntlShape, concerns: StaffScreening['matches'][number]['concerns']) =>
  intl.formatList(
    concerns.map((concern) => `${concern.name} (${concern.code})`),
    { type: 'unit', style: 'short' },
  );

/**
 * The application's latest export-control screening, for the desk only (the server sends `screening` to no
 * other role: docs/behaviour.md#export-control-screening): its result, when and why it ran, the users list's
 * version, each candidate match, the countries with their groups, and the desk's outcome with its reason, or
 * that the outcome is still to be recorded (the action "Record the screening outcome", in the actions below).
 */
export function Screening({
  screening,
  countries,
}: {
  screening: StaffScreening;
  countries: DeskLists['countries'];
}) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { outcome } = screening;
  return (
    <section aria-labelledby="desk-application-screening" className={styles.internal}>
      <h2 id="desk-application-screening" className={styles.heading}>
        {t('desk.screening.title')}
      </h2>
      <dl className={styles.summaryList}>
        <div className={styles.summaryRow}>
          <dt className={styles.summaryKey}>{t('desk.screening.result')}</dt>
          <dd className={styles.summaryValue}>
            <strong>{t(`desk.screening.result.${screening.result}`)}</strong>
          </dd>
        </div>
        <div className={styles.summaryRow}>
          <dt className={styles.summaryKey}>{t('desk.screening.ran')}</dt>
          <dd className={styles.summaryValue}>
            {t('desk.screening.ranAt', {
              time: formatTime(intl, screening.at),
              trigger: t(`desk.screening.trigger.${screening.trigger}`),
            })}
          </dd>
        </div>
        <div className={styles.summaryRow}>
          <dt className={styles.summaryKey}>{t('desk.screening.listVersion')}</dt>
          <dd className={styles.summaryValue}>
            <code>{screening.listVersion}</code>
          </dd>
        </div>
      </dl>
      <h3 className={styles.subheading}>{t('desk.screening.matches')}</h3>
      {screening.matches.length === 0 ? (
        <p className={styles.text}>{t('desk.screening.noMatches')}</p>
      ) : (
        <ul className={styles.plainList}>
          {screening.matches.map((match) => (
            <li key={`${match.institution}-${match.entryId}-${match.matchedName}`} className={styles.event}>
              <strong>
                {t('desk.screening.match', { institution: match.institution, entry: match.entryName })}
              </strong>
              <span>{t('desk.screening.matchedName', { name: match.matchedName })}</span>
              <span>
                {t('desk.screening.score', {
                  score: intl.formatNumber(match.score, { style: 'percent', maximumFractionDigits: 0 }),
                  kind: t(`desk.screening.kind.${match.kind}`),
                })}
              </span>
              <span>
                {t('desk.screening.concerns', {
                  concerns:
                    match.concerns.length === 0
                      ? t('desk.screening.concerns.none')
                      : concernList(intl, match.concerns),
                })}
              </span>
              <span>{t('desk.screening.entryCountry', { country: match.country })}</span>
            </li>
          ))}
        </ul>
      )}
      <h3 className={styles.subheading}>{t('desk.screening.countries')}</h3>
      <ul className={styles.plainList}>
        {screening.countries.map((country) => (
          <li key={`${country.role}-${country.countryId}`}>
            {t('desk.screening.country', {
              role: t(`desk.screening.role.${country.role}`),
              country: nameOf(intl, countries, country.countryId) ?? '',
              groups: t(groupsMessage(country)),
            })}
          </li>
        ))}
      </ul>
      <h3 className={styles.subheading}>{t('desk.screening.outcome')}</h3>
      {outcome ? (
        <div className={styles.event}>
          <strong>{t(`desk.screening.outcome.${outcome.outcome}`)}</strong>
          <span className={styles.muted}>
            {t('desk.screening.recordedBy', {
              // Only the desk records an outcome (403 role_refused for every other role).
              actor: actorName(intl, { role: 'desk', staffId: outcome.staffId }),
              time: formatTime(intl, outcome.at),
            })}
          </span>
          <span className={styles.quote}>{t('desk.history.reason', { reason: outcome.reason })}</span>
        </div>
      ) : (
        <p className={styles.text}>
          {t(screening.waiting ? 'desk.screening.outcome.waiting' : 'desk.screening.outcome.notNeeded')}
        </p>
      )}
    </section>
  );
}
