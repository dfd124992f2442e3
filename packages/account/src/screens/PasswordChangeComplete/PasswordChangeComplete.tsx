import { CompletionNotice } from '../../components/CompletionNotice';
import { routes } from '../../routes';

/** `/password-change-complete` (spec 2, 4): the password is changed and the applicant signed out. */
export function PasswordChangeComplete() {
  return (
    <CompletionNotice
      title="account.passwordChangeComplete.title"
      body={['account.passwordChangeComplete.body']}
      next={{ href: routes.signIn, label: 'account.common.toTopPage' }}
    />
  );
}
