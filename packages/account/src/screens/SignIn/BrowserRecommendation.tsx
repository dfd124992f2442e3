import { useIntl } from 'react-intl';
import { useLocale } from '@pre-admission/i18n';
import { BrowserList, Dialog } from '@pre-admission/ui';
import * as styles from './SignIn.css';

/** The sign-in page's dialog recommending browsers; opened by its DialogTrigger button. */
export function BrowserRecommendation() {
  const intl = useIntl();
  const { locale } = useLocale();
  return (
    <Dialog title={intl.formatMessage({ id: 'account.signIn.browsers.title' })}>
      <p>{intl.formatMessage({ id: 'account.signIn.browsers.body' })}</p>
      <BrowserList locale={locale} className={styles.browserList} />
    </Dialog>
  );
}
