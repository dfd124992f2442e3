import { useIntl } from 'react-intl';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { isLocale, localeNames, locales, useLocale } from '@pre-admission/i18n';
import * as styles from './LanguageSwitch.css';

/**
 * 日本語 / English, each in its own language (`lang`), as a single-choice group. Switching only changes the
 * locale in context: the route and anything typed into a form stay as they are.
 */
export function LanguageSwitch() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <ToggleButtonGroup
      className={styles.group}
      aria-label={intl.formatMessage({ id: 'ui.languageSwitch.label' })}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[locale]}
      onSelectionChange={(keys) => {
        const [next] = [...keys];
        if (isLocale(next) && next !== locale) setLocale(next);
      }}
    >
      {locales.map((option) => (
        <ToggleButton key={option} id={option} lang={option} className={styles.option}>
          {localeNames[option]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
