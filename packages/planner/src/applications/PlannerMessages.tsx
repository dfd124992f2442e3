import { useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useLocale, type CompiledCatalogue } from '@pre-admission/i18n';
import { plannerMessages } from '@pre-admission/i18n/planner';

/**
 * The planner's messages (`@pre-admission/i18n/planner`, which come with the planner's chunk) on top of the
 * site's, as the Planner gives them to its tasks: a screen of this package mounted on its own needs them too.
 * The site's catalogue wins where it has them already (Storybook and the tests register every area; the
 * pseudo-locale's are the site's).
 */
export function PlannerMessages({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const messages = useMemo(
    () => ({ ...plannerMessages[locale], ...intl.messages }) as CompiledCatalogue,
    [intl.messages, locale],
  );
  return (
    <IntlProvider locale={locale} messages={messages} defaultLocale="ja">
      {children}
    </IntlProvider>
  );
}
