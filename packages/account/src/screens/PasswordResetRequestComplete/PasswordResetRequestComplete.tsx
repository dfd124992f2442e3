import { useAccount } from '../../AccountContext';
import { CompletionNotice } from '../../components/CompletionNotice';
import { MailResend } from '../../components/MailResend';
import { requestPasswordResetCatalogue } from '../../failures/catalogue';
import { routes } from '../../routes';

/** `/password-reset-request-complete` (docs/behaviour.md#routes): the mail with the reset URL was sent; it can be sent again (docs/behaviour.md#link-states). */
export function PasswordResetRequestComplete() {
  const { api } = useAccount();
  return (
    <CompletionNotice
      title="account.passwordResetRequestComplete.title"
      body={['account.passwordResetRequestComplete.body']}
      next={{ href: routes.signIn, label: 'account.common.backToSignIn' }}
    >
      <MailResend
        kind="passwordReset"
        context="password reset resend"
        request={api.requestPasswordReset}
        catalogue={requestPasswordResetCatalogue}
      />
    </CompletionNotice>
  );
}
