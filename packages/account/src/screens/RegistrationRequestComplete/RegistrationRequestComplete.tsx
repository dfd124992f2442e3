import { useAccount } from '../../AccountContext';
import { CompletionNotice } from '../../components/CompletionNotice';
import { MailResend } from '../../components/MailResend';
import { requestRegistrationCatalogue } from '../../failures/catalogue';
import { routes } from '../../routes';

/** `/registrations-request-complete` (docs/behaviour.md#routes): a mail was sent with the URL to finish the registration; it can be sent again (docs/behaviour.md#link-states). */
export function RegistrationRequestComplete() {
  const { api } = useAccount();
  return (
    <CompletionNotice
      title="account.registrationRequestComplete.title"
      body={['account.registrationRequestComplete.body']}
      next={{ href: routes.signIn, label: 'account.common.backToSignIn' }}
    >
      <MailResend
        kind="registration"
        context="registration resend"
        request={api.requestRegistration}
        catalogue={requestRegistrationCatalogue}
      />
    </CompletionNotice>
  );
}
