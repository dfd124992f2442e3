import { CompletionNotice } from '../../components/CompletionNotice';
import { routes } from '../../routes';

/** `/password-reset-complete` (docs/behaviour.md#routes): the new password is set; sign in with it. */
export function PasswordResetComplete() {
  return (
    <CompletionNotice
      title="account.passwordResetComplete.title"
      body={['account.passwordResetComplete.body']}
      next={{ href: routes.signIn, label: 'account.common.toTopPage' }}
    />
  );
}
