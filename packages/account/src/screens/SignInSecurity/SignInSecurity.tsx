import { useMessageParts } from '@pre-admission/i18n';
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import type { AuthenticatorApp, Passkey } from '@pre-admission/api';
import { Banner, LoadingIndicator } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { getAuthenticatorAppCatalogue, listPasskeysCatalogue } from '../../failures/catalogue';
import { useFailures } from '../../failures/useFailures';
import { AuthenticatorAppSection } from './AuthenticatorAppSection';
import { ConfirmationProvider } from '../../components/Confirmation';
import { PasskeysSection } from './PasskeysSection';
import * as screenText from '../../components/ScreenText/ScreenText.css';
import * as styles from './SignInSecurity.css';

interface Loaded {
  readonly passkeys: readonly Passkey[];
  readonly app: AuthenticatorApp;
}

/**
 * `/sign-in-and-security` (docs/behaviour.md#routes, signed in): the account's passkeys (add, rename, remove) and
 * the authenticator app (set up with a QR code or the key, turn off, recovery codes). Adding or removing a
 * passkey and every change of the app need a recent sign-in: the server answers `confirmation_required`, the
 * "Confirm it is you" dialog asks for the password, and the change is tried again (docs/security.md#recent-sign-in).
 * A browser without WebAuthn is told why it cannot add a passkey here.
 */
export function SignInSecurity() {
  useMessageParts('security');
  const intl = useIntl();
  const { api, reportError } = useAccount();
  const { present } = useFailures('sign-in and security');
  const [loaded, setLoaded] = useState<Loaded>();
  const [notice, setNotice] = useState<string>();
  const [version, setVersion] = useState(0);
  const [canAdd] = useState(() => browserSupportsWebAuthn());

  useEffect(() => {
    let current = true;
    Promise.all([api.listPasskeys(), api.getAuthenticatorApp()]).then(
      ([passkeys, app]) => {
        if (!current) return;
        if (!passkeys.ok) return present(listPasskeysCatalogue[passkeys.failure], passkeys);
        if (!app.ok) return present(getAuthenticatorAppCatalogue[app.failure], app);
        setLoaded({ passkeys: passkeys.data, app: app.data });
      },
      (error: unknown) => current && reportError(error),
    );
    return () => {
      current = false;
    };
  }, [api, present, reportError, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const page = { presentOnPage: present, notify: setNotice, reload };

  return (
    <ConfirmationProvider>
      <h1 className={screenText.title}>{intl.formatMessage({ id: 'account.security.title' })}</h1>
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.security.lead' })}</p>
      {notice && (
        <Banner tone="info" announce>
          {notice}
        </Banner>
      )}
      {/* No second factor: said as a fact of the account, not as a welcome (issue 39 item 6). */}
      {loaded && loaded.passkeys.length === 0 && !loaded.app.on && (
        <Banner tone="warning">{intl.formatMessage({ id: 'account.security.onlyPassword' })}</Banner>
      )}
      {loaded ? (
        <div className={styles.sections}>
          <PasskeysSection passkeys={loaded.passkeys} canAdd={canAdd} appOn={loaded.app.on} {...page} />
          <AuthenticatorAppSection app={loaded.app} hasPasskeys={loaded.passkeys.length > 0} {...page} />
        </div>
      ) : (
        <LoadingIndicator label={intl.formatMessage({ id: 'account.security.loading' })} />
      )}
    </ConfirmationProvider>
  );
}
