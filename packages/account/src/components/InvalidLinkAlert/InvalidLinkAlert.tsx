import { useIntl } from 'react-intl';
import type { LinkRefusal } from '@pre-admission/api';
import type { MessageId } from '@pre-admission/i18n';
import { AlertDialog, Button } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { routes } from '../../routes';

export interface InvalidLinkAlertProps {
  isOpen: boolean;
  /** Where a new link is requested: the registration or the password reset request. */
  requestHref: string;
  requestLabel: MessageId;
  /** Why the server refused the link (docs/behaviour.md#link-states); unknown keeps the 'URL is invalid' alert. */
  refusal?: LinkRefusal;
  flow?: 'registration' | 'passwordReset';
}

/** The alert's title and body for each link state (docs/behaviour.md#link-states). */
function wording(refusal: LinkRefusal | undefined, flow: 'registration' | 'passwordReset') {
  switch (refusal?.code) {
    case 'used':
      return {
        title: `account.linkState.used.${flow}.title`,
        body: `account.linkState.used.${flow}.body`,
      } as const;
    case 'expired':
      return { title: 'account.linkState.expired.title', body: 'account.linkState.expired.body' } as const;
    case 'superseded':
      return {
        title: 'account.linkState.superseded.title',
        body: 'account.linkState.superseded.body',
      } as const;
    default:
      return { title: 'account.invalidLink.title', body: 'account.invalidLink.body' } as const;
  }
}

/**
 * docs/behaviour.md#error-catalogue: a token that cannot be read gives the alert 'URL is invalid', and OK returns to `/`. A used or
 * expired link is the common case, so the alert also offers to request a new one. Both replace the history
 * entry: Back must not return to the dead link (a router link would push, hence a button).
 */
export function InvalidLinkAlert({
  isOpen,
  requestHref,
  requestLabel,
  refusal,
  flow = 'registration',
}: InvalidLinkAlertProps) {
  const text = wording(refusal, flow);
  // A used registration link: the account exists; only signing in (OK) helps, not a new link.
  const offerNewLink = !(refusal?.code === 'used' && flow === 'registration');
  const intl = useIntl();
  const { navigate } = useAccount();
  return (
    <AlertDialog
      isOpen={isOpen}
      title={intl.formatMessage({ id: text.title })}
      onOk={() => navigate(routes.signIn, { replace: true })}
    >
      <p>
        {intl.formatMessage(
          { id: text.body },
          refusal?.code === 'expired' ? { expiredAt: refusal.expiredAt } : undefined,
        )}
      </p>
      {offerNewLink && (
        <Button variant="secondary" onPress={() => navigate(requestHref, { replace: true })}>
          {intl.formatMessage({ id: requestLabel })}
        </Button>
      )}
    </AlertDialog>
  );
}
