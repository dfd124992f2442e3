import type { Locale } from '@pre-admission/i18n';
import type { ApplicationScreenLists } from '../lists';

/** What each section's questions get from the application's screen: its answers as they stand, and a setter. */
export interface SectionProps<Answers> {
  lists: ApplicationScreenLists;
  answers: Answers;
  onChange: (answers: Answers) => void;
  locale: Locale;
}
