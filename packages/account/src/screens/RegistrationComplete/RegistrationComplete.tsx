import { CompletionNotice } from '../../components/CompletionNotice';
import { routes } from '../../routes';

/** `/registrations-complete` (docs/behaviour.md#routes): registration done; sign in from the top page. */
export function RegistrationComplete() {
  return (
    <CompletionNotice
      title="account.registrationComplete.title"
      body={['account.registrationComplete.body']}
      next={{ href: routes.signIn, label: 'account.common.toTopPage' }}
    />
  );
}
