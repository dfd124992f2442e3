import { createIntl } from 'react-intl';
import { isDisplayLocale, languageOf, type MessageId } from '@pre-admission/i18n';
import { messages } from '@pre-admission/i18n/all';

/**
 * The text of a message in the story's locale, for play functions: `const t = messagesFor(globals.locale)`.
 * Stories assert on what the applicant reads, in whichever language the run uses.
 */
export function messagesFor(locale: unknown) {
  const shown = isDisplayLocale(locale) ? locale : 'ja';
  const intl = createIntl({ locale: languageOf(shown), messages: messages[shown] });
  return (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}
