import { CompletionNotice } from '../../components/CompletionNotice';
import { routes } from '../../routes';

/** `/password-change-complete` (docs/behaviour.md#routes, #session): the password is changed and the applicant signed out. */
export function PasswordChangeComplete() {
  return (
    <CompletionNotice
      title="account.passwordChangeComplete.title"
      body={['account.passwordChangeComplete.body']}
      next={{ href: routes.signIn, label: 'account.common.toTopPage' }}
    />
  );
}
