import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useMessageParts } from '@pre-admission/i18n';
import { Button, Link } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { ConfirmationProvider, useConfirmed } from '../../components/Confirmation';
import * as screenText from '../../components/ScreenText/ScreenText.css';
import { AccountDeletion } from './AccountDeletion';

/** Whether the session's sign-in is recent enough for the download: unknown until the session is read. */
type Recent = 'unknown' | 'yes' | 'no';

/**
 * `/your-data` (docs/behaviour.md#your-data, signed in): what the archive of everything held about the account
 * holds, and the link that downloads it (downloadAccountArchive, a plain link: the browser saves the zip).
 * The server wants a recent sign-in (docs/security.md#recent-sign-in); when the session's `confirmedUntil` has
 * passed, the page asks to confirm it is you first, as the passkey screens do, and offers the link after.
 * Below it, the account's deletion (./AccountDeletion.tsx, docs/behaviour.md#delete-account).
 */
export function AccountData() {
  return (
    <ConfirmationProvider>
      <AccountDataPage />
    </ConfirmationProvider>
  );
}

function AccountDataPage() {
  useMessageParts('security');
  const intl = useIntl();
  const { api, now = () => new Date() } = useAccount();
  const confirmed = useConfirmed();
  const [recent, setRecent] = useState<Recent>('unknown');
  // The clock as the page opened: a context's `now` may be a new function on every render.
  const clock = useRef(now);

  useEffect(() => {
    let live = true;
    void api.getCurrentSession().then((outcome) => {
      if (!live) return;
      // Without a session the app sends this signed-in page to `/`; until then, ask to confirm.
      const until = outcome.ok ? new Date(outcome.data.confirmedUntil).getTime() : 0;
      setRecent(until > clock.current().getTime() ? 'yes' : 'no');
    });
    return () => {
      live = false;
    };
  }, [api]);

  /** Opens the "Confirm it is you" dialog; its success is the recent confirmation the download needs. */
  const confirm = async () => {
    let asked = false;
    const outcome = await confirmed(async () => {
      if (asked) return { ok: true } as const;
      asked = true;
      return { ok: false, failure: 'confirmationRequired' } as const;
    });
    if (outcome?.ok) setRecent('yes');
  };

  const t = (id: 'title' | 'lead' | 'contents' | 'confirmLead' | 'download') =>
    intl.formatMessage({ id: `account.security.yourData.${id}` });
  return (
    <>
      <h1 className={screenText.title}>{t('title')}</h1>
      <p className={screenText.text}>{t('lead')}</p>
      <div className={screenText.stack}>
        <p className={screenText.text}>{t('contents')}</p>
        <ul className={screenText.text}>
          {/* The names as they are in the zip file, in every language. */}
          <li>
            {intl.formatMessage(
              { id: 'account.security.yourData.summary' },
              { name: <code>summary.txt</code> },
            )}
          </li>
          <li>
            {intl.formatMessage({ id: 'account.security.yourData.data' }, { name: <code>data.json</code> })}
          </li>
          <li>
            {intl.formatMessage({ id: 'account.security.yourData.files' }, { name: <code>files/</code> })}
          </li>
        </ul>
      </div>
      {recent === 'yes' && (
        <p className={screenText.text}>
          <Link href={api.accountArchiveUrl()} download>
            {t('download')}
          </Link>
        </p>
      )}
      {recent === 'no' && (
        <div className={screenText.stack}>
          <p className={screenText.text}>{t('confirmLead')}</p>
          <div>
            <Button onPress={() => void confirm()}>
              {intl.formatMessage({ id: 'account.security.confirm.title' })}
            </Button>
          </div>
        </div>
      )}
      <AccountDeletion />
    </>
  );
}
