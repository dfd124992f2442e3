import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Banner, Button } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import * as screenText from '../../components/ScreenText/ScreenText.css';
import * as styles from './SignInSecurity.css';

export interface RecoveryCodesProps {
  codes: readonly string[];
  onDone: () => void;
}

/**
 * The ten recovery codes, shown once (the server keeps only their hashes): a list to read, copy, download
 * as text or print (the page's print styles keep the codes), and a button to hide them once saved.
 */
export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  const intl = useIntl();
  const { session } = useAccount();
  const [copied, setCopied] = useState(false);
  const text = useMemo(
    () =>
      [
        intl.formatMessage({ id: 'account.security.codes.fileHeading' }, { email: session.email ?? '' }),
        '',
        ...codes,
        '',
      ].join('\n'),
    [codes, intl, session.email],
  );
  const href = useMemo(() => `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`, [text]);
  return (
    <div className={styles.codes}>
      <h3 className={styles.sectionTitle}>{intl.formatMessage({ id: 'account.security.codes.title' })}</h3>
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.security.codes.lead' })}</p>
      <ol className={styles.codeList} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className={styles.code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onPress={() =>
            void navigator.clipboard.writeText(text).then(
              () => setCopied(true),
              // A browser that refuses the clipboard: the codes are on screen to select, download or print.
              () => setCopied(false),
            )
          }
        >
          {intl.formatMessage({ id: 'account.security.codes.copy' })}
        </Button>
        <a className={styles.download} href={href} download="recovery-codes.txt">
          {intl.formatMessage({ id: 'account.security.codes.download' })}
        </a>
        <Button onPress={onDone}>{intl.formatMessage({ id: 'account.security.codes.done' })}</Button>
      </div>
      {copied && (
        <Banner tone="info" announce>
          {intl.formatMessage({ id: 'account.security.codes.copied' })}
        </Banner>
      )}
    </div>
  );
}
