import { CompletionNotice } from '../../components/CompletionNotice';
import { routes } from '../../routes';

/** `/password-reset-request-complete` (docs/behaviour.md#routes): the mail with the reset URL was sent. */
export function PasswordResetRequestComplete() {
  return (
    <CompletionNotice
      title="account.passwordResetRequestComplete.title"
      body={['account.passwordResetRequestComplete.body', 'account.common.mailNotArriving']}
      next={{ href: routes.signIn, label: 'account.common.backToSignIn' }}
    />
  );
}
