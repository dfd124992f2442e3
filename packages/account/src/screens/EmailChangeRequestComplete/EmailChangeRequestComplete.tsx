import { useAccount } from '../../AccountContext';
import { CompletionNotice } from '../../components/CompletionNotice';
import { MailResend } from '../../components/MailResend';
import { requestEmailChangeCatalogue } from '../../failures/catalogue';
import { routes } from '../../routes';

/** `/email-change-request-complete` (docs/behaviour.md#routes): the confirmation mail went to the new address; it can be sent again (docs/behaviour.md#link-states). */
export function EmailChangeRequestComplete() {
  const { api } = useAccount();
  return (
    <CompletionNotice
      title="account.emailChangeRequestComplete.title"
      body={['account.emailChangeRequestComplete.body']}
      next={{ href: routes.applications, label: 'account.common.backToApplications' }}
    >
      <MailResend
        kind="emailChange"
        context="email change resend"
        request={api.requestEmailChange}
        catalogue={requestEmailChangeCatalogue}
      />
    </CompletionNotice>
  );
}
