import { createIntl } from 'react-intl';
import { isLocale, type MessageId } from '@pre-admission/i18n';
import { messages } from '@pre-admission/i18n/all';

/**
 * The text of a message in the story's locale, for play functions: `const t = messagesFor(globals.locale)`.
 * Stories assert on what the applicant reads, in whichever language the run uses.
 */
export function messagesFor(locale: unknown) {
  const intl = createIntl({
    locale: isLocale(locale) ? locale : 'ja',
    messages: messages[isLocale(locale) ? locale : 'ja'],
  });
  return (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}
