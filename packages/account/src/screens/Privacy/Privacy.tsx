import { useIntl } from 'react-intl';
import { useMessageParts, type MessageId } from '@pre-admission/i18n';
import {} from '@pre-admission/ui';
import { SupportEmailLink } from '../../components/SupportEmailLink';
import * as styles from './Privacy.css';
import * as screenText from '../../components/ScreenText/ScreenText.css';

interface PolicySection {
  id: string;
  title: MessageId;
  /** Paragraphs before the list. */
  text: readonly MessageId[];
  items?: readonly MessageId[];
  /** Paragraphs after the list. */
  after?: readonly MessageId[];
}

/** docs/behaviour.md#routes: sections on use, management, retention period and cookies; then whom to ask. */
const sections: readonly PolicySection[] = [
  {
    id: 'use',
    title: 'account.privacy.use.title',
    text: ['account.privacy.use.text'],
    items: [
      'account.privacy.use.item.account',
      'account.privacy.use.item.application',
      'account.privacy.use.item.contact',
      'account.privacy.use.item.screening',
      'account.privacy.use.item.statistics',
    ],
    after: ['account.privacy.use.after'],
  },
  {
    id: 'management',
    title: 'account.privacy.management.title',
    text: ['account.privacy.management.text'],
    items: [
      'account.privacy.management.item.access',
      'account.privacy.management.item.encryption',
      'account.privacy.management.item.password',
      'account.privacy.management.item.contractors',
    ],
    after: ['account.privacy.management.after'],
  },
  {
    id: 'retention',
    title: 'account.privacy.retention.title',
    text: ['account.privacy.retention.text'],
    items: [
      'account.privacy.retention.item.enrolled',
      'account.privacy.retention.item.notEnrolled',
      'account.privacy.retention.item.unused',
      'account.privacy.retention.item.logs',
    ],
    after: ['account.privacy.retention.after'],
  },
  {
    id: 'cookies',
    title: 'account.privacy.cookies.title',
    text: ['account.privacy.cookies.text'],
    items: ['account.privacy.cookies.item.session', 'account.privacy.cookies.item.language'],
    after: ['account.privacy.cookies.after'],
  },
];

/**
 * The retention periods the page states, in days: the server's settings (apps/api platform/settings.ts
 * ACCOUNT_UNUSED_DAYS, APPLICATION_RETENTION_DAYS, ACCESS_LOG_DAYS), whose defaults are the policy's three,
 * five and one years.
 */
interface RetentionDays {
  accountUnusedDays: number;
  applicationDays: number;
  accessLogDays: number;
}

const policyRetentionDays: RetentionDays = {
  accountUnusedDays: 1095,
  applicationDays: 1826,
  accessLogDays: 365,
};

/**
 * A number of days as the page says it: whole years when it is within a day of a whole number of years
 * (1095 and 1826 days are three and five years, leap days and all), else days.
 */
function retentionPeriod(days: number): { count: number; unit: 'year' | 'day' } {
  const years = Math.round(days / 365.25);
  return years >= 1 && Math.abs(years * 365.25 - days) < 1
    ? { count: years, unit: 'year' }
    : { count: days, unit: 'day' };
}

const periodValues = (name: string, days: number) => {
  const { count, unit } = retentionPeriod(days);
  return { [name]: count, [`${name}Unit`]: unit };
};

export interface PrivacyProps {
  /** The running server's retention settings; the policy's own periods when not given. */
  retention?: RetentionDays;
}

/** `/privacy` (docs/behaviour.md#routes): the privacy policy, written out as the university publishes it. */
export function Privacy({ retention = policyRetentionDays }: PrivacyProps = {}) {
  useMessageParts('privacy');
  const intl = useIntl();
  const values: Partial<Record<MessageId, Record<string, string | number>>> = {
    'account.privacy.retention.item.unused': periodValues('unused', retention.accountUnusedDays),
    'account.privacy.retention.item.notEnrolled': periodValues('applications', retention.applicationDays),
    'account.privacy.retention.item.logs': periodValues('logs', retention.accessLogDays),
  };
  return (
    <>
      <h1 className={screenText.title}>{intl.formatMessage({ id: 'account.privacy.title' })}</h1>
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.privacy.intro' })}</p>
      {sections.map(({ id, title, text, items, after }) => (
        <section key={id} className={styles.section} aria-labelledby={`privacy-${id}`}>
          <h2 id={`privacy-${id}`} className={styles.sectionTitle}>
            {intl.formatMessage({ id: title })}
          </h2>
          {text.map((message) => (
            <p key={message} className={styles.text}>
              {intl.formatMessage({ id: message })}
            </p>
          ))}
          {items && (
            <ul className={styles.list}>
              {items.map((message) => (
                <li key={message}>{intl.formatMessage({ id: message }, values[message])}</li>
              ))}
            </ul>
          )}
          {after?.map((message) => (
            <p key={message} className={styles.text}>
              {intl.formatMessage({ id: message })}
            </p>
          ))}
        </section>
      ))}
      <section className={styles.section} aria-labelledby="privacy-contact">
        <h2 id="privacy-contact" className={styles.sectionTitle}>
          {intl.formatMessage({ id: 'account.privacy.contact.title' })}
        </h2>
        <p className={styles.text}>
          {intl.formatMessage({ id: 'account.privacy.contact.text' }, { email: <SupportEmailLink /> })}
        </p>
      </section>
    </>
  );
}
