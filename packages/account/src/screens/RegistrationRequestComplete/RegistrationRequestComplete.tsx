import { CompletionNotice } from '../../components/CompletionNotice';
import { routes } from '../../routes';

/** `/registrations-request-complete` (docs/behaviour.md#routes): a mail was sent with the URL to finish the registration. */
export function RegistrationRequestComplete() {
  return (
    <CompletionNotice
      title="account.registrationRequestComplete.title"
      body={['account.registrationRequestComplete.body', 'account.common.mailNotArriving']}
      next={{ href: routes.signIn, label: 'account.common.backToSignIn' }}
    />
  );
}
