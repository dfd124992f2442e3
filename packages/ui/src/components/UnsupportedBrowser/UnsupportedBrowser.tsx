import { useEffect, useId } from 'react';
import { createIntl, useIntl } from 'react-intl';
import { FixedLocale, uiMessages, type Locale } from '@pre-admission/i18n';
import { Link } from '../Link';
import { BrowserList } from './BrowserList';
import * as styles from './UnsupportedBrowser.css';

export interface UnsupportedBrowserProps {
  /** The Pre-admission Support Desk's address, shown as a mail link. */
  supportEmail: string;
}

function Section({ locale, supportEmail }: UnsupportedBrowserProps & { locale: Locale }) {
  const intl = useIntl();
  const listId = useId();
  return (
    <section lang={locale} className={styles.section} aria-labelledby={`${listId}-title`}>
      <h1 id={`${listId}-title`} className={styles.title}>
        {intl.formatMessage({ id: 'ui.unsupportedBrowser.title' })}
      </h1>
      <p className={styles.text}>{intl.formatMessage({ id: 'ui.unsupportedBrowser.lead' })}</p>
      <h2 id={listId} className={styles.listTitle}>
        {intl.formatMessage({ id: 'ui.unsupportedBrowser.browsers' })}
      </h2>
      <BrowserList locale={locale} className={styles.list} aria-labelledby={listId} />
      <p className={styles.text}>
        {intl.formatMessage(
          { id: 'ui.unsupportedBrowser.contact' },
          { email: <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link> },
        )}
      </p>
    </section>
  );
}

/**
 * Shown when a call fails without an HTTP status (docs/behaviour.md#error-catalogue): the page cannot know which language the reader
 * chose, so it says everything in Japanese and in English.
 */
export function UnsupportedBrowser({ supportEmail }: UnsupportedBrowserProps) {
  useEffect(() => {
    // The title is bilingual too, whatever the site language is.
    const title = (locale: Locale) =>
      createIntl({ locale, messages: uiMessages[locale] }).formatMessage({
        id: 'ui.unsupportedBrowser.documentTitle',
      });
    document.title = `${title('ja')} / ${title('en')}`;
  }, []);
  return (
    <div className={styles.root}>
      {(['ja', 'en'] as const).map((locale) => (
        <FixedLocale key={locale} locale={locale}>
          <Section locale={locale} supportEmail={supportEmail} />
        </FixedLocale>
      ))}
    </div>
  );
}
