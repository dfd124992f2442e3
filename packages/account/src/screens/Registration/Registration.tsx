import { useMessageParts } from '@pre-admission/i18n';
import { useAccount } from '../../AccountContext';
import { TokenPasswordForm } from '../../components/TokenPasswordForm';
import { finishRegistrationCatalogue } from '../../failures/catalogue';
import { routes } from '../../routes';

export interface RegistrationProps {
  /** The registration token from `/registrations/{id}`. */
  token: string;
}

/** `/registrations/{id}` (docs/behaviour.md#routes): the password of a new account, for the email the token belongs to. */
export function Registration({ token }: RegistrationProps) {
  useMessageParts('mail');
  const { api } = useAccount();
  return (
    <TokenPasswordForm
      token={token}
      flow="registration"
      text={{
        title: 'account.registration.title',
        lead: 'account.registration.lead',
        submit: 'account.registration.submit',
        requestNewLink: 'account.invalidLink.requestRegistration',
      }}
      read={api.getRegistration}
      finish={api.finishRegistration}
      finishCatalogue={finishRegistrationCatalogue}
      completeHref={routes.registrationComplete}
      renewal={{
        renew: api.renewRegistration,
        mailKind: 'registration',
        sentHref: routes.registrationRequestComplete,
      }}
      requestHref={routes.registrationRequest}
      showMaintenance
    />
  );
}
