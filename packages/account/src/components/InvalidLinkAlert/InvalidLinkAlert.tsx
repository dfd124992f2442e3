import { useIntl } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import { AlertDialog, Button } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { routes } from '../../routes';

export interface InvalidLinkAlertProps {
  isOpen: boolean;
  /** Where a new link is requested: the registration or the password reset request. */
  requestHref: string;
  requestLabel: MessageId;
}

/**
 * docs/behaviour.md#error-catalogue: a token that cannot be read gives the alert 'URL is invalid', and OK returns to `/`. A used or
 * expired link is the common case, so the alert also offers to request a new one. Both replace the history
 * entry: Back must not return to the dead link (a router link would push, hence a button).
 */
export function InvalidLinkAlert({ isOpen, requestHref, requestLabel }: InvalidLinkAlertProps) {
  const intl = useIntl();
  const { navigate } = useAccount();
  return (
    <AlertDialog
      isOpen={isOpen}
      title={intl.formatMessage({ id: 'account.invalidLink.title' })}
      onOk={() => navigate(routes.signIn, { replace: true })}
    >
      <p>{intl.formatMessage({ id: 'account.invalidLink.body' })}</p>
      <Button variant="secondary" onPress={() => navigate(requestHref, { replace: true })}>
        {intl.formatMessage({ id: requestLabel })}
      </Button>
    </AlertDialog>
  );
}
