import type { MessageId } from './catalogues';
import type { Locale } from './locales';

// Type every `formatMessage({ id })` and `<FormattedMessage id>` in the workspace against the catalogues:
// a misspelt or missing id is a type error, not a blank on screen.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
    interface IntlConfig {
      locale: Locale;
    }
  }
}
