import { CompletionNotice } from '../../components/CompletionNotice';
import { routes } from '../../routes';

/** `/email-change-request-complete` (docs/behaviour.md#routes): the confirmation mail went to the new address. */
export function EmailChangeRequestComplete() {
  return (
    <CompletionNotice
      title="account.emailChangeRequestComplete.title"
      body={['account.emailChangeRequestComplete.body', 'account.common.mailNotArriving']}
      next={{ href: routes.applications, label: 'account.common.backToApplications' }}
    />
  );
}
