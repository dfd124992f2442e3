import { useMessageParts } from '@pre-admission/i18n';
import { useAccount } from '../../AccountContext';
import { TokenPasswordForm } from '../../components/TokenPasswordForm';
import { finishPasswordResetCatalogue } from '../../failures/catalogue';
import { routes } from '../../routes';

export interface PasswordResetProps {
  /** The reset token from `/password-reset/{id}`. */
  token: string;
}

/** `/password-reset/{id}` (docs/behaviour.md#routes): a new password for the email the token belongs to. */
export function PasswordReset({ token }: PasswordResetProps) {
  useMessageParts('mail');
  const { api } = useAccount();
  return (
    <TokenPasswordForm
      token={token}
      flow="password reset"
      text={{
        title: 'account.passwordReset.title',
        lead: 'account.passwordReset.lead',
        submit: 'account.passwordReset.submit',
        requestNewLink: 'account.invalidLink.requestPasswordReset',
      }}
      read={api.getPasswordReset}
      finish={api.finishPasswordReset}
      finishCatalogue={finishPasswordResetCatalogue}
      completeHref={routes.passwordResetComplete}
      renewal={{
        renew: api.renewPasswordReset,
        mailKind: 'passwordReset',
        sentHref: routes.passwordResetRequestComplete,
      }}
      requestHref={routes.passwordResetRequest}
    />
  );
}
