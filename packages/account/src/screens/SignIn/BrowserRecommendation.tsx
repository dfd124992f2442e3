import { useIntl } from 'react-intl';
import { useLocale, type MessageId } from '@pre-admission/i18n';
import { Dialog, Link } from '@pre-admission/ui';
import * as styles from './SignIn.css';

/** docs/behaviour.md#routes: the latest Chrome, Edge and Firefox; Safari on macOS only. Download pages in the reader's language. */
const browsers: ReadonlyArray<{ name: MessageId; href: { ja: string; en: string } }> = [
  {
    name: 'account.signIn.browsers.chrome',
    href: { ja: 'https://www.google.com/intl/ja/chrome/', en: 'https://www.google.com/chrome/' },
  },
  {
    name: 'account.signIn.browsers.edge',
    href: { ja: 'https://www.microsoft.com/ja-jp/edge', en: 'https://www.microsoft.com/edge' },
  },
  {
    name: 'account.signIn.browsers.firefox',
    href: { ja: 'https://www.mozilla.org/ja/firefox/new/', en: 'https://www.mozilla.org/en-US/firefox/new/' },
  },
  {
    name: 'account.signIn.browsers.safari',
    href: { ja: 'https://www.apple.com/jp/safari/', en: 'https://www.apple.com/safari/' },
  },
];

/** The sign-in page's dialog recommending browsers; opened by its DialogTrigger button. */
export function BrowserRecommendation() {
  const intl = useIntl();
  const { locale } = useLocale();
  return (
    <Dialog title={intl.formatMessage({ id: 'account.signIn.browsers.title' })}>
      <p>{intl.formatMessage({ id: 'account.signIn.browsers.body' })}</p>
      <ul className={styles.browserList}>
        {browsers.map(({ name, href }) => (
          <li key={name}>
            <Link href={href[locale]} external>
              {intl.formatMessage({ id: name })}
            </Link>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
