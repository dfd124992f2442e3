import { useLocale, type CompiledCatalogue } from '@pre-admission/i18n';
import { deskMessages } from '@pre-admission/i18n/desk';
import { useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';

/**
 * The desk's messages (`@pre-admission/i18n/desk`, in the console's chunk and in no bundle of the
 * applicant's site) on top of the site's. The site's catalogue wins where it has them already (Storybook
 * and the tests register every area; the pseudo-locale's are the site's).
 */
export function DeskMessages({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const messages = useMemo(
    () => ({ ...deskMessages[locale], ...intl.messages }) as CompiledCatalogue,
    [intl.messages, locale],
  );
  return (
    <IntlProvider locale={intl.locale} messages={messages} defaultLocale="ja">
      {children}
    </IntlProvider>
  );
}
