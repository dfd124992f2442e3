import { normalizePath, secondFactorRoute } from '@pre-admission/account/routes';
import { Banner } from '@pre-admission/ui';
import { useIntl } from 'react-intl';
import { useSession } from '../session/SessionProvider';

/**
 * docs/security.md#second-factor: while the account must add a passkey or the authenticator app, the one page
 * left to it (every signed-in route comes here: routing/redirects.ts) says why, above its screen.
 */
export function SecondFactorNotice({ path }: { path: string }) {
  const intl = useIntl();
  const { state } = useSession();
  if (state.status !== 'signedIn' || !state.secondFactorRequired) return null;
  if (normalizePath(path) !== secondFactorRoute) return null;
  return (
    <Banner tone="info" title={intl.formatMessage({ id: 'account.secondFactorRequired.title' })} announce>
      {intl.formatMessage({ id: 'account.secondFactorRequired.body' })}
    </Banner>
  );
}
