import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { LinkRefusal, MailAccepted } from '@pre-admission/api';
import { useMessageParts, type MessageId } from '@pre-admission/i18n';
import { AlertDialog, Button } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { routes } from '../../routes';
import { formatWait } from '../MailResend/countdown';
import { rememberSentMail, type MailKind } from '../MailResend/sentMail';

export interface InvalidLinkAlertProps {
  isOpen: boolean;
  /** Where a new link is requested: the registration or the password reset request. */
  requestHref: string;
  requestLabel: MessageId;
  /** Why the server refused the link (docs/behaviour.md#link-states); unknown keeps the 'URL is invalid' alert. */
  refusal?: LinkRefusal;
  flow?: 'registration' | 'passwordReset';
  /**
   * Renews an expired link (docs/behaviour.md#link-states): a new mail to the same address, which the
   * applicant does not type again; on success the app goes to the flow's "mail sent" page.
   */
  renewal?: {
    renew: () => Promise<Renewed>;
    mailKind: MailKind;
    sentHref: string;
  };
}

/**
 * What a renewal hands back (the adapter's renewRegistration or renewPasswordReset): a refusal's message is
 * its failure table's row (`shows`), typed here against the catalogues.
 */
export type Renewed =
  | { ok: true; data: MailAccepted }
  | {
      ok: false;
      failure: 'invalidToken' | 'rateLimited' | 'emailAlreadyRegistered';
      shows: { readonly kind: 'alert'; readonly message: MessageId };
      retryAfter?: number;
      error: unknown;
    };

/**
 * A link a newer mail replaced (docs/behaviour.md#link-states): said in the same words by every flow, the
 * email change's activation page too.
 */
export const supersededLinkText = {
  title: 'account.linkState.superseded.title',
  body: 'account.linkState.superseded.body',
} as const;

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
      return supersededLinkText;
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
  renewal,
}: InvalidLinkAlertProps) {
  useMessageParts('mail');
  const text = wording(refusal, flow);
  // A used registration link: the account exists; only signing in (OK) helps, not a new link.
  const offerNewLink = !(refusal?.code === 'used' && flow === 'registration');
  const intl = useIntl();
  const { navigate, reportError } = useAccount();
  const [renewing, setRenewing] = useState(false);
  const [renewFailure, setRenewFailure] = useState<string>();
  const canRenew = renewal !== undefined && refusal?.code === 'expired';

  async function renew() {
    if (!renewal || renewing) return;
    setRenewing(true);
    setRenewFailure(undefined);
    try {
      const outcome = await renewal.renew();
      if (outcome.ok) {
        // The server never names the address: the "mail sent" page then has only the wait to keep.
        rememberSentMail(renewal.mailKind, { nextSendAllowedAt: outcome.data.nextSendAllowedAt });
        navigate(renewal.sentHref, { replace: true });
        return;
      }
      // A 429 without Retry-After cannot say the wait: its row's message needs one.
      setRenewFailure(
        outcome.failure === 'rateLimited' && outcome.retryAfter === undefined
          ? intl.formatMessage({ id: 'account.mailResend.refusedNoWait' })
          : intl.formatMessage(
              { id: outcome.shows.message },
              outcome.retryAfter === undefined ? {} : { wait: formatWait(intl, outcome.retryAfter) },
            ),
      );
    } catch (error) {
      reportError(error);
    } finally {
      setRenewing(false);
    }
  }

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
      {canRenew && (
        <Button variant="secondary" isPending={renewing} onPress={() => void renew()}>
          {intl.formatMessage({ id: 'account.linkState.expired.renew' })}
        </Button>
      )}
      <p role="status">{renewFailure}</p>
      {offerNewLink && (
        <Button variant="secondary" onPress={() => navigate(requestHref, { replace: true })}>
          {intl.formatMessage({ id: requestLabel })}
        </Button>
      )}
    </AlertDialog>
  );
}
